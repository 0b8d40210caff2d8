import type { AppContext } from '../../context';
import { hasLiveVerification } from './repo';

/** Whether a password-reset token exists and has not expired (better-auth stores it this way). */
export function isResetTokenValid(ctx: AppContext, token: string): Promise<boolean> {
  return hasLiveVerification(ctx.database, `reset-password:${token}`);
}
