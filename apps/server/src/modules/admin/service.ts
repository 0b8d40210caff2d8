import { type Role, USER_MESSAGES } from '@wavecast/shared';
import type { AppContext } from '../../context';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { canChangeRole } from '../users/policy';
import { recordAudit } from './audit';
import * as repo from './repo';
import { stepUpService } from './step-up';

/** Accounts as admins run them: lists, roles, the mail outbox. */
export function adminService(ctx: AppContext) {
  const db = ctx.database.db;
  const stepUp = stepUpService(ctx);
  return {
    /** Admins give any role to anyone (except taking away their own admin role). */
    async changeRole(actor: SessionUser, targetId: string, role: Role) {
      const verdict = canChangeRole(actor, targetId, role);
      if (verdict === 'forbidden') throw forbidden();
      if (verdict === 'self-demotion') throw badRequest(USER_MESSAGES.cannotDemoteSelf);
      await stepUp.require(actor);
      return db.transaction(async (tx) => {
        const before = await repo.findUser(tx, targetId);
        if (!before) throw notFound('User');
        const row = await repo.setRole(tx, targetId, role);
        if (!row) throw notFound('User');
        if (before.userRole !== role) {
          await recordAudit(tx, {
            actorId: actor.id,
            action: 'user.role',
            targetType: 'user',
            targetId,
            before: { role: before.userRole },
            after: { role },
            at: ctx.clock.now(),
          });
        }
        return row;
      });
    },
    listUsers: (q: Parameters<typeof repo.listUsers>[1]) => repo.listUsers(db, q),
    listOutbox: (q: Parameters<typeof repo.listOutbox>[1]) => repo.listOutbox(db, q),
    /** `npm run admin -- grant <email>`: how an instance gets its first admin. */
    grantAdmin: (email: string) => repo.setRoleByEmail(db, email.trim(), 'admin'),
  };
}
