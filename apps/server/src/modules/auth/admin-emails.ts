import type { AppContext } from '../../context';
import { recordAudit } from '../admin/audit';
import * as adminRepo from '../admin/repo';

/**
 * ADMIN_EMAILS (how an instance gets its first admins) names addresses, and anyone can sign up
 * with any address: the role applies only once the address is verified (at verification, or at
 * sign-up through a provider that vouches for it), never to an unverified account.
 */
export const isListedAdmin = (ctx: AppContext, user: { email: string; emailVerified: boolean }) =>
  user.emailVerified && ctx.config.adminEmails.includes(user.email.trim().toLowerCase());

/** Makes a listed, verified account admin (once), with its lifecycle event and an audit entry. */
export async function promoteListedAdmin(
  ctx: AppContext,
  user: { id: string; email: string; emailVerified: boolean },
): Promise<void> {
  if (!isListedAdmin(ctx, user)) return;
  const changed = await ctx.database.db.transaction(async (tx) => {
    const before = await adminRepo.findUser(tx, user.id);
    if (!before || before.userRole === 'admin') return false;
    await adminRepo.setRole(tx, user.id, 'admin');
    await ctx.events.record(tx, 'role.changed', { userId: user.id, from: before.userRole, to: 'admin' });
    await recordAudit(tx, {
      actorId: null,
      action: 'user.role',
      targetType: 'user',
      targetId: user.id,
      before: { role: before.userRole },
      after: { role: 'admin', by: 'ADMIN_EMAILS' },
      at: ctx.clock.now(),
    });
    return true;
  });
  if (changed) await ctx.events.deliverNow(); // the new role applies at once
}
