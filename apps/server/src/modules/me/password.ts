import { AUTH_MESSAGES, type TChangePasswordInput, ZChangePasswordInput } from '@wavecast/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { accountKey, reservePasswordCheck } from '../auth/account-throttle';
import type { Auth } from '../auth/auth';
import { accountLikeness, isCommonPassword } from '../auth/passwords';
import { sessionIdByToken } from '../auth/repo';
import { webHeaders } from '../auth/web-bridge';
import { findAuthFacts } from '../users/repo';

/**
 * Settings → Security. With a password: better-auth checks the current one, stores the new one
 * and ends the user's other sessions (this one gets a fresh cookie). Accounts made through a
 * provider have none yet: they set one.
 */
export async function changePassword(
  ctx: AppContext,
  auth: Auth,
  req: FastifyRequest,
  user: SessionUser,
  input: TChangePasswordInput,
): Promise<Response | null> {
  const { currentPassword, newPassword } = ZChangePasswordInput.parse(input);
  const like = accountLikeness(newPassword, user);
  if (like) throw badRequest(like === 'name' ? AUTH_MESSAGES.passwordLikeName : AUTH_MESSAGES.passwordLikeAccount);
  if (isCommonPassword(newPassword)) throw badRequest(AUTH_MESSAGES.commonPassword);
  const headers = webHeaders(req, ctx.config.TRUST_PROXY_HEADER);
  const { hasPassword } = await findAuthFacts(ctx.database.db, user.id);
  if (!hasPassword) {
    await auth.api.setPassword({ body: { newPassword }, headers });
    await passwordChanged(ctx, user);
    return null;
  }
  if (!currentPassword) throw badRequest(AUTH_MESSAGES.currentPasswordRequired);
  const attempt = await reservePasswordCheck(ctx, 'sign-in', accountKey(user.email));
  const res = await auth.api
    .changePassword({ body: { currentPassword, newPassword, revokeOtherSessions: true }, headers, asResponse: true })
    .catch(async (e) => {
      await attempt.unchecked();
      throw e;
    });
  if (res.ok) {
    await attempt.passed();
    // better-auth revoked the other sessions (this one got a fresh cookie and session id).
    const token = await newSessionToken(res);
    await passwordChanged(ctx, user, token ? await sessionIdByToken(ctx.database.db, token) : null);
  } else await ((await isWrongPassword(res)) ? attempt.failed() : attempt.unchecked());
  return res;
}

/** better-auth's answer when the current password did not match. */
async function isWrongPassword(res: Response): Promise<boolean> {
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  return body?.code === 'INVALID_PASSWORD';
}

/** The other sessions end everywhere, the API tokens are revoked (events/, ADR 0027). */
async function passwordChanged(ctx: AppContext, user: SessionUser, keptSessionId: string | null = user.sessionId) {
  await ctx.events.publish('password.changed', { userId: user.id, keptSessionId });
  await ctx.events.deliverNow();
}

/** The session better-auth made for this device on a password change (every other one was revoked). */
async function newSessionToken(res: Response): Promise<string | null> {
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { token?: unknown } | null;
  return typeof body?.token === 'string' ? body.token : null;
}
