import { ADMIN_MESSAGES, type ApplicationRole, type TApplicationInput } from '@wavecast/shared';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import { recordAudit } from '../admin/audit';
import * as adminRepo from '../admin/repo';
import * as repo from './repo';

/**
 * Applying for a role an admin grants (affiliate, advertiser), and deciding. Approval gives the
 * role at once: the role is read on every request, so it works without signing in again.
 */
export const applicationsService = perApp(makeApplicationsService);

function makeApplicationsService(ctx: AppContext) {
  const db = ctx.database.db;
  return {
    async apply(user: SessionUser, input: TApplicationInput) {
      if (user.role === input.role) throw conflict(ADMIN_MESSAGES.alreadyHasRole);
      const row = await repo.insertApplication(db, {
        userId: user.id,
        role: input.role,
        details: input.details,
        at: ctx.clock.now(),
      });
      if (!row) throw conflict(ADMIN_MESSAGES.applicationPending);
      return row;
    },

    mine: (user: SessionUser) => repo.listMine(db, user.id),

    list: (q: Parameters<typeof repo.listByStatus>[1]) => repo.listByStatus(db, q),

    /** Approves (the role is granted) or refuses; one audit entry per change, in its transaction. */
    async decide(admin: SessionUser, id: string, approve: boolean, note?: string) {
      const found = await repo.findApplication(db, id);
      if (!found) throw notFound('Application');
      const at = ctx.clock.now();
      await db.transaction(async (tx) => {
        const decided = await repo.decide(tx, id, {
          status: approve ? 'approved' : 'refused',
          by: admin.id,
          note: note || null,
          at,
        });
        if (!decided) throw conflict(ADMIN_MESSAGES.applicationDecided);
        await recordAudit(tx, {
          actorId: admin.id,
          action: approve ? 'application.approve' : 'application.refuse',
          targetType: 'application',
          targetId: id,
          before: { status: 'pending' },
          after: { status: decided.status, role: decided.role, userId: decided.userId, note: decided.note },
          at,
        });
        if (approve && found.user.userRole !== decided.role) {
          await grantRole(tx, admin, found.user.id, found.user.userRole, decided.role, at);
          await ctx.events.record(tx, 'role.changed', {
            userId: found.user.id,
            from: found.user.userRole,
            to: decided.role,
          });
        }
      });
      await ctx.events.deliverNow(); // the new role applies at once, on every process
      const after = await repo.findApplication(db, id);
      if (!after) throw notFound('Application');
      return after;
    },
  };
}

async function grantRole(
  tx: Parameters<typeof recordAudit>[0],
  admin: SessionUser,
  userId: string,
  from: string,
  to: ApplicationRole,
  at: Date,
) {
  if (from === to) return;
  await adminRepo.setRole(tx, userId, to);
  await recordAudit(tx, {
    actorId: admin.id,
    action: 'user.role',
    targetType: 'user',
    targetId: userId,
    before: { role: from },
    after: { role: to },
    at,
  });
}
