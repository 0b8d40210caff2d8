import { AUTH_MESSAGES, type TDeleteAccountInput } from '@wavecast/shared';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { accountKey, reservePasswordCheck } from '../auth/account-throttle';
import type { Auth } from '../auth/auth';

/** How recent a provider sign-in must be to delete an account that has no password. */
export const RECENT_SIGN_IN_MS = 15 * 60_000;

/**
 * Delete account asks for proof beyond the session cookie, so a hijacked session or a slip cannot
 * delete an account in one click. With a password: the password (limited per account like
 * sign-in). Without one (made through Google, GitHub or another provider): the account's email
 * typed out, and a session started within the last 15 minutes, i.e. a fresh provider sign-in.
 */
export async function confirmAccountDeletion(
  ctx: AppContext,
  auth: Auth,
  headers: Headers,
  user: SessionUser,
  input: TDeleteAccountInput,
): Promise<void> {
  const authCtx = await auth.$context;
  const credential = await authCtx.internalAdapter.findCredentialAccount(user.id);
  if (credential?.password) {
    if (!input.password) throw badRequest(AUTH_MESSAGES.deletePasswordRequired);
    const attempt = await reservePasswordCheck(ctx, 'sign-in', accountKey(user.email));
    const ok = await authCtx.password.verify({ hash: credential.password, password: input.password });
    await (ok ? attempt.passed() : attempt.failed());
    if (!ok) throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.deletePasswordIncorrect);
    return;
  }
  if (input.email?.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw badRequest(AUTH_MESSAGES.deleteEmailMismatch);
  }
  const session = await auth.api.getSession({ headers });
  const startedAt = session ? new Date(session.session.createdAt).getTime() : 0;
  if (Date.now() - startedAt > RECENT_SIGN_IN_MS) throw forbidden(AUTH_MESSAGES.deleteNeedsRecentSignIn);
}
