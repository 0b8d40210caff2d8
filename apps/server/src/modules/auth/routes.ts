import { ZAuthProviders } from '@wavecast/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { pingDatabase } from '../../db/client';
import { notFound } from '../../lib/errors';
import { RATE_LIMITS } from '../../lib/rate-limits';
import type { SessionUser } from '../../lib/session';
import { bearerToken, tokensService } from '../tokens/service';
import { accountKey, type PasswordAttempt, reservePasswordCheck } from './account-throttle';
import { type Auth, createAuth } from './auth';
import { isExposedAuthEndpoint } from './exposed-endpoints';
import { SessionLastSeen } from './last-seen';
import { configuredProviders } from './oauth';
import { ensureProfile } from './profile';
import { isResetTokenValid } from './reset-token';
import { SessionCache, sessionCache, sessionTokenOf } from './session-cache';
import { sendWebResponse, webHeaders } from './web-bridge';

/** Resolves the signed-in user (auth session + profile) for a request, or null. */
export async function resolveUser(
  auth: Auth,
  ctx: AppContext,
  headers: Headers,
): Promise<{ user: SessionUser | null; setCookies: string[]; expiresAt?: Date }> {
  const result = await auth.api.getSession({ headers, returnHeaders: true });
  const setCookies = result.headers?.getSetCookie() ?? [];
  const session = result.response;
  if (!session) return { user: null, setCookies };
  const profile = await ensureProfile(
    ctx.database,
    {
      id: session.user.id,
      email: session.user.email,
      emailVerified: session.user.emailVerified,
      displayName: session.user.name || null,
      avatarUrl: session.user.image ?? null,
    },
    { adminEmails: ctx.config.adminEmails },
  );
  // A suspended account's sessions end at once, even one a cache still holds (admin/suspension.ts).
  if (!profile || profile.suspendedAt) return { user: null, setCookies };
  return {
    user: {
      id: profile.id,
      email: profile.email,
      role: profile.userRole,
      displayName: profile.displayName,
      sessionId: session.session.id,
    },
    setCookies,
    expiresAt: new Date(session.session.expiresAt),
  };
}

/**
 * better-auth turns every failure into a bare 500 (the cause stays in its log): when one happens,
 * a ping tells whether the database is the reason, and its error then answers 503 (error-handler).
 */
const hasSession = (req: FastifyRequest) => !!req.headers.cookie?.includes('better-auth.session_token');

async function throwIfDatabaseDown(ctx: AppContext): Promise<void> {
  await pingDatabase(ctx.database);
}

/**
 * Mounts better-auth under /api/auth and sets `request.user` on every request with a session
 * cookie (refreshing the cookie when better-auth extends the session).
 */
export async function authRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const auth = createAuth(ctx);
  const proxyHeader = ctx.config.TRUST_PROXY_HEADER;
  const sessions = sessionCache(ctx);
  const lastSeen = new SessionLastSeen(ctx.database.db, root.log);
  app.decorate('auth', auth);

  // Personal access tokens (modules/tokens): `Authorization: Bearer` on a request without a session cookie.
  const tokens = tokensService(ctx);
  const tokenLimit = root.rateLimit({
    ...RATE_LIMITS.apiToken,
    keyGenerator: (req) => `token:${req.user?.viaToken}`,
  });

  app.addHook('onRequest', async (req, reply) => {
    if (bearerToken(req.headers.authorization) && !hasSession(req)) {
      if (!req.url.startsWith('/api')) return;
      req.user = await tokens.authenticate(bearerToken(req.headers.authorization) ?? '', req.method, req.url);
      await tokenLimit.call(root, req, reply);
      return;
    }
    if (!hasSession(req)) return;
    if (req.url.startsWith('/api/auth/')) return;
    // A session seen in the last few seconds is not looked up again (ADR 0023).
    const token = sessions.enabled ? sessionTokenOf(req.headers.cookie) : null;
    const key = token ? SessionCache.key(token) : null;
    const cached = key ? sessions.get(key) : undefined;
    if (cached) {
      req.user = cached;
      lastSeen.note(cached.sessionId, req.url);
      return;
    }
    const startedIn = sessions.start();
    const resolve = () => resolveUser(auth, ctx, webHeaders(req, proxyHeader));
    const { user, setCookies, expiresAt } = await (key ? sessions.resolveOnce(key, resolve) : resolve()).catch(
      async (e) => {
        await throwIfDatabaseDown(ctx);
        throw e;
      },
    );
    req.user = user;
    if (user) lastSeen.note(user.sessionId, req.url);
    // Not while better-auth is refreshing the cookie: the next request resolves it again.
    if (key && user && setCookies.length === 0) sessions.set(key, user, startedIn, expiresAt?.getTime());
    if (setCookies.length) reply.header('set-cookie', setCookies);
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    // better-auth's own endpoints: sign-up, sign-in, OAuth, password reset (open to anyone).
    config: { access: 'public' },
    schema: { hide: true },
    async handler(req, reply) {
      const url = new URL(req.url, ctx.config.PUBLIC_URL);
      const endpoint = url.pathname.slice('/api/auth'.length);
      if (!isExposedAuthEndpoint(req.method, endpoint)) throw notFound('Endpoint');
      // Sign-in checks a password: limited per account too, whatever the client's address.
      const email = (req.body as { email?: unknown } | undefined)?.email;
      const attempt: PasswordAttempt | null =
        endpoint === '/sign-in/email' && typeof email === 'string'
          ? await reservePasswordCheck(ctx, 'sign-in', accountKey(email))
          : null;
      const res = await forward(req, url, endpoint).catch(async (e) => {
        await attempt?.unchecked();
        throw e;
      });
      // 401 is better-auth's wrong password (or unknown address); anything else checked none.
      if (attempt) await (res.ok ? attempt.passed() : res.status === 401 ? attempt.failed() : attempt.unchecked());
      return sendWebResponse(reply, res);
    },
  });

  /** Hands a request to better-auth, and tells every process when a session ended there. */
  async function forward(req: FastifyRequest, url: URL, endpoint: string): Promise<Response> {
    const body = req.method === 'POST' && req.body !== undefined ? JSON.stringify(req.body) : undefined;
    // Sign-out: whose session ends is read before its row goes, so every process can forget it.
    const signingOut =
      endpoint === '/sign-out' && hasSession(req)
        ? (await auth.api.getSession({ headers: webHeaders(req, proxyHeader) }).catch(() => null))?.session
        : undefined;
    const res = await auth.handler(
      new Request(url, { method: req.method, headers: webHeaders(req, proxyHeader), body }),
    );
    if (res.status >= 500) await throwIfDatabaseDown(ctx);
    // better-auth deleted the row: the session's caches and sockets end everywhere (events/, ADR 0027).
    if (signingOut && res.ok) {
      await ctx.events.publish('session.revoked', { userId: signingOut.userId, sessionIds: [signingOut.id] });
      await ctx.events.deliverNow();
    }
    return res;
  }

  app.get(
    '/api/auth-providers',
    { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: ZAuthProviders } } },
    async () => ({
      providers: configuredProviders(ctx.config),
    }),
  );

  // The reset screen asks whether its token is still good before showing the form.
  app.get(
    '/api/account/password-reset/:token',
    {
      schema: {
        tags: ['auth'],
        params: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: z.object({ valid: z.boolean() }) },
      },
      config: { access: 'public', rateLimit: RATE_LIMITS.resetTokenCheck },
    },
    async (req) => ({ valid: await isResetTokenValid(ctx, req.params.token) }),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
}
