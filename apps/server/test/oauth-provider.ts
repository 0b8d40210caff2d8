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

/**
 * A minimal OAuth 2 authorization server with OpenID-style discovery and userinfo, enough for a
 * full authorization-code round trip with PKCE (S256) and a client secret, over real HTTP.
 */
export async function startOAuthProvider(): Promise<LocalOAuthProvider> {
  const codes = new Map<string, { user: ProviderUser; redirectUri: string; challenge: string | null }>();
  const tokens = new Map<string, ProviderUser>();
  const state: LocalOAuthProvider = {
    issuer: '',
    clientId: 'wavecast-test',
    clientSecret: randomBytes(12).toString('hex'),
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
    if (url.pathname === '/authorize') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      const back = new URL(redirectUri);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      if (url.searchParams.get('client_id') !== state.clientId) return json(res, 400, { error: 'invalid_client' });
      const login = state.nextLogin;
      if ('error' in login) {
        back.searchParams.set('error', login.error);
      } else {
        const code = randomBytes(16).toString('hex');
        codes.set(code, { user: login, redirectUri, challenge: url.searchParams.get('code_challenge') });
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

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
