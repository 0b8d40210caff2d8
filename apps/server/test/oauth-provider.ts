import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Who "signs in" at the provider next (the test sets it before each round trip). */
export interface ProviderUser {
  sub: string;
  email: string;
  name?: string;
  full_name?: string;
  avatar_url?: string;
  picture?: string;
}

export interface LocalOAuthProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The user the next authorization answers for, or an error the provider redirects with. */
  nextLogin: ProviderUser | { error: string };
  /** Token requests that failed client or PKCE checks. */
  rejectedTokenRequests: number;
  close(): Promise<void>;
}

export interface ProviderOptions {
  port?: number;
  clientSecret?: string;
  /**
   * Ask the person at /authorize for their email and name on a sign-in form (browser tests), instead
   * of answering at once for `nextLogin`.
   */
  interactive?: boolean;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A minimal OAuth 2 authorization server with OpenID-style discovery and userinfo, enough for a
 * full authorization-code round trip with PKCE (S256) and a client secret, over real HTTP.
 */
export async function startOAuthProvider(opts: ProviderOptions = {}): Promise<LocalOAuthProvider> {
  const codes = new Map<string, { user: ProviderUser; redirectUri: string; challenge: string | null }>();
  const tokens = new Map<string, ProviderUser>();
  const state: LocalOAuthProvider = {
    issuer: '',
    clientId: 'wavecast-test',
    clientSecret: opts.clientSecret ?? randomBytes(12).toString('hex'),
    nextLogin: { error: 'no user set' },
    rejectedTokenRequests: 0,
    close: async () => {},
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let s = '';
      req.on('data', (c) => {
        s += c;
      });
      req.on('end', () => resolve(s));
    });

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', state.issuer);
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer: state.issuer,
        authorization_endpoint: `${state.issuer}/authorize`,
        token_endpoint: `${state.issuer}/token`,
        userinfo_endpoint: `${state.issuer}/userinfo`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (url.pathname === '/authorize' && opts.interactive && req.method === 'GET') {
      if (url.searchParams.get('client_id') !== state.clientId) return json(res, 400, { error: 'invalid_client' });
      const hidden = ['redirect_uri', 'state', 'code_challenge']
        .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(url.searchParams.get(k) ?? '')}">`)
        .join('');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        `<!doctype html><title>Local ID</title><h1>Sign in to Local ID</h1><form method="post" action="/authorize">${hidden}` +
          '<label>Email <input name="email" type="email" required></label>' +
          '<label>Name <input name="name" required></label><button type="submit">Sign in</button></form>',
      );
    }
    if (url.pathname === '/authorize') {
      const form = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : url.searchParams;
      const redirectUri = form.get('redirect_uri') ?? '';
      const back = new URL(redirectUri);
      back.searchParams.set('state', form.get('state') ?? '');
      if (req.method !== 'POST' && form.get('client_id') !== state.clientId) {
        return json(res, 400, { error: 'invalid_client' });
      }
      const email = form.get('email');
      const login: ProviderUser | { error: string } =
        req.method === 'POST' && email
          ? { sub: `form-${email}`, email, name: form.get('name') ?? '' }
          : state.nextLogin;
      if ('error' in login) {
        back.searchParams.set('error', login.error);
      } else {
        const code = randomBytes(16).toString('hex');
        codes.set(code, { user: login, redirectUri, challenge: form.get('code_challenge') });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      let clientId = form.get('client_id');
      let secret = form.get('client_secret');
      const basic = req.headers.authorization?.match(/^Basic (.+)$/)?.[1];
      if (basic) [clientId, secret] = Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent);
      const grant = codes.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challengeOk =
        !grant?.challenge || createHash('sha256').update(verifier).digest('base64url') === grant.challenge;
      if (
        !grant ||
        clientId !== state.clientId ||
        secret !== state.clientSecret ||
        form.get('redirect_uri') !== grant.redirectUri ||
        !challengeOk
      ) {
        state.rejectedTokenRequests++;
        return json(res, 400, { error: 'invalid_grant' });
      }
      codes.delete(form.get('code') ?? '');
      const accessToken = randomBytes(16).toString('hex');
      tokens.set(accessToken, grant.user);
      return json(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600 });
    }
    if (url.pathname === '/userinfo') {
      const user = tokens.get(req.headers.authorization?.replace(/^Bearer /, '') ?? '');
      if (!user) return json(res, 401, { error: 'invalid_token' });
      return json(res, 200, { id: user.sub, email_verified: true, ...user });
    }
    json(res, 404, { error: 'not_found' });
  });

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  state.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
