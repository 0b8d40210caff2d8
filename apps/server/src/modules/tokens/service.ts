import { createHash, randomBytes } from 'node:crypto';
import { TOKEN_MESSAGES, TOKEN_PREFIX, TOKENS_MAX, type TokenInput } from '@wavecast/shared';
import type { AppContext } from '../../context';
import { AppError, conflict, forbidden, notFound, unauthenticated } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { countLiveTokens, findLiveToken, insertToken, listTokens, revokeToken, touchToken } from './repo';

/** hex SHA-256: tokens carry 256 random bits, so a fast hash is enough (no password stretching needed). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The bearer token of a request, if it sent one (`Authorization: Bearer <token>`). */
export function bearerToken(authorization: string | undefined): string | null {
  const m = authorization ? BEARER.exec(authorization) : null;
  return m ? m[1] : null;
}

/** Routes a token never opens: sign-in and sessions, admin, and the token routes themselves. */
export function tokenRefusedOn(url: string): boolean {
  return (
    url.startsWith('/api/auth/') ||
    url.startsWith('/api/me/sessions') ||
    url.startsWith('/api/admin/') ||
    url === '/api/admin' ||
    url.startsWith('/api/tokens')
  );
}

/** A request that authenticates with a bearer token only (no session cookie): the origin check does not apply to it. */
export function isBearerOnly(headers: { authorization?: string; cookie?: string }, url: string): boolean {
  return (
    !!bearerToken(headers.authorization) &&
    !headers.cookie?.includes('better-auth.session_token') &&
    url.startsWith('/api') &&
    !tokenRefusedOn(url)
  );
}

/** Personal access tokens: created (shown once), listed, revoked, and checked on API requests. */
export function tokensService(ctx: AppContext) {
  const db = ctx.database.db;

  return {
    async create(user: SessionUser, input: TokenInput) {
      if ((await countLiveTokens(db, user.id)) >= TOKENS_MAX) throw conflict(TOKEN_MESSAGES.tooMany);
      const secret = TOKEN_PREFIX + randomBytes(32).toString('base64url');
      const row = await insertToken(db, {
        userId: user.id,
        name: input.name,
        scope: input.scope,
        tokenHash: hashToken(secret),
        prefix: secret.slice(0, TOKEN_PREFIX.length + 6),
        createdAt: ctx.clock.now(),
      });
      return { row, secret };
    },

    list: (user: SessionUser) => listTokens(db, user.id),

    async revoke(user: SessionUser, id: string) {
      const row = await revokeToken(db, user.id, id, ctx.clock.now());
      if (!row) throw notFound('Token');
      return row;
    },

    /**
     * The token's owner for this request, or throws: 401 for an unknown, revoked or suspended
     * one, 403 on a route tokens never open or for a write with a read-only token.
     */
    async authenticate(token: string, method: string, url: string): Promise<SessionUser & { tokenId: string }> {
      if (tokenRefusedOn(url)) throw forbidden(TOKEN_MESSAGES.notHere);
      const found = await findLiveToken(db, hashToken(token));
      if (!found || found.user.suspendedAt) throw unauthenticated(TOKEN_MESSAGES.invalid);
      if (found.token.scope === 'read' && method !== 'GET' && method !== 'HEAD') {
        throw new AppError('FORBIDDEN', TOKEN_MESSAGES.readOnly);
      }
      await touchToken(db, found.token.id, ctx.clock.now());
      return {
        id: found.user.id,
        email: found.user.email,
        role: found.user.userRole,
        displayName: found.user.displayName,
        // No auth session: step-up (admin/step-up.ts) never opens for a token.
        sessionId: `token:${found.token.id}`,
        viaToken: found.token.id,
        tokenId: found.token.id,
      };
    },
  };
}
