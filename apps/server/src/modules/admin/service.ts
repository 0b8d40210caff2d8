import { ADMIN_MESSAGES, type Role, USER_MESSAGES } from '@wavecast/shared';
import type { AppContext } from '../../context';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import { findOpenSubscription } from '../billing/repo';
import { deleteAccount } from '../users/deletion';
import { canChangeRole } from '../users/policy';
import { type AuditQuery, listAudit, recordAudit } from './audit';
import * as repo from './repo';

/** Accounts as admins run them: lists, roles, the mail outbox. */
export const adminService = perApp(makeAdminService);

function makeAdminService(ctx: AppContext) {
  const db = ctx.database.db;
  return {
    /** Admins give any role to anyone (except taking away their own admin role). */
    async changeRole(actor: SessionUser, targetId: string, role: Role) {
      const verdict = canChangeRole(actor, targetId, role);
      if (verdict === 'forbidden') throw forbidden();
      if (verdict === 'self-demotion') throw badRequest(USER_MESSAGES.cannotDemoteSelf);
      const row = await db.transaction(async (tx) => {
        const before = await repo.findUser(tx, targetId);
        if (!before) throw notFound('User');
        const row = await repo.setRole(tx, targetId, role);
        if (!row) throw notFound('User');
        if (before.userRole !== role) {
          await ctx.events.record(tx, 'role.changed', { userId: targetId, from: before.userRole, to: role });
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
      await ctx.events.deliverNow(); // the new role applies at once
      return row;
    },
    /**
     * Suspends an account: no sign-in, every session ended and every socket closed at once (on
     * every process, over the bus), its content hidden from everyone until it is restored.
     */
    async suspend(actor: SessionUser, targetId: string) {
      if (targetId === actor.id) throw badRequest(ADMIN_MESSAGES.cannotSuspendSelf);
      const row = await db.transaction(async (tx) => {
        const before = await repo.findUser(tx, targetId);
        if (!before) throw notFound('User');
        const at = ctx.clock.now();
        const updated = await repo.setSuspended(tx, targetId, at);
        if (!updated) throw conflict(ADMIN_MESSAGES.alreadySuspended);
        const sessions = await repo.deleteSessionsOf(tx, targetId);
        await ctx.events.record(tx, 'account.suspended', { userId: targetId, reason: 'admin' });
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'user.suspend',
          targetType: 'user',
          targetId,
          before: { suspendedAt: null },
          after: { suspendedAt: at.toISOString(), sessionsEnded: sessions },
          at,
        });
        return updated;
      });
      // Every surface reacts to the event: sessions, sockets, broadcasts, caches, billing, ads, a notice.
      await ctx.events.deliverNow();
      return row;
    },
    /** Lifts a suspension: the account may sign in again and its content is visible again. */
    async restore(actor: SessionUser, targetId: string) {
      const row = await db.transaction(async (tx) => {
        const before = await repo.findUser(tx, targetId);
        if (!before) throw notFound('User');
        const updated = await repo.setSuspended(tx, targetId, null);
        if (!updated) throw conflict(ADMIN_MESSAGES.notSuspended);
        await ctx.events.record(tx, 'account.restored', { userId: targetId });
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'user.restore',
          targetType: 'user',
          targetId,
          before: { suspendedAt: before.suspendedAt?.toISOString() ?? null },
          after: { suspendedAt: null },
          at: ctx.clock.now(),
        });
        return updated;
      });
      await ctx.events.deliverNow();
      return row;
    },
    /** Deletes an account for good, as its owner could (users/deletion.ts), with one audit entry. */
    async deleteUser(actor: SessionUser, targetId: string) {
      if (targetId === actor.id) throw badRequest(ADMIN_MESSAGES.cannotSuspendSelf);
      const before = await repo.findUser(db, targetId);
      if (!before) throw notFound('User');
      const result = await deleteAccount(
        ctx,
        { id: targetId },
        {
          audit: (tx) =>
            recordAudit(tx, {
              actorId: actor.id,
              action: 'user.delete',
              targetType: 'user',
              targetId,
              before: { email: before.email, displayName: before.displayName, role: before.userRole },
              after: null,
              at: ctx.clock.now(),
            }),
        },
      );
      return result;
    },
    /** One account for the admin's user page: the row, its tracks, its subscription, the audit about it. */
    async userDetail(id: string) {
      const row = await repo.findUser(db, id);
      if (!row) throw notFound('User');
      const tracks = await repo.tracksOf(db, id);
      const subscription = await findOpenSubscription(db, id);
      const audit = await listAudit(db, { targetType: 'user', targetId: id, limit: 50 });
      return { row, tracks, subscription, audit };
    },
    listAudit: (q: AuditQuery) => listAudit(db, q),
    listUsers: (q: Parameters<typeof repo.listUsers>[1]) => repo.listUsers(db, q),
    listOutbox: (q: Parameters<typeof repo.listOutbox>[1]) => repo.listOutbox(db, q),
    /** `npm run admin -- grant <email>`: how an instance gets its first admin. */
    grantAdmin: (email: string) => repo.setRoleByEmail(db, email.trim(), 'admin'),
  };
}
