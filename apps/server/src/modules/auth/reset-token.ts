import { and, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { authVerifications } from '../../db/schema';

/** Whether a password-reset token exists and has not expired (better-auth stores it this way). */
export async function isResetTokenValid(ctx: AppContext, token: string): Promise<boolean> {
  const rows = await ctx.database.db
    .select({ id: authVerifications.id })
    .from(authVerifications)
    .where(
      and(eq(authVerifications.identifier, `reset-password:${token}`), gt(authVerifications.expiresAt, new Date())),
    )
    .limit(1);
  return rows.length > 0;
}
