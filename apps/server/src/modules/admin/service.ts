import { type Role, USER_MESSAGES } from '@wavecast/shared';
import type { AppContext } from '../../context';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { canChangeRole } from '../users/policy';
import * as repo from './repo';

/** Accounts as admins run them: lists, roles, the mail outbox. */
export function adminService(ctx: AppContext) {
  const db = ctx.database.db;
  return {
    /** Admins give any role to anyone (except taking away their own admin role). */
    async changeRole(actor: SessionUser, targetId: string, role: Role) {
      const verdict = canChangeRole(actor, targetId, role);
      if (verdict === 'forbidden') throw forbidden();
      if (verdict === 'self-demotion') throw badRequest(USER_MESSAGES.cannotDemoteSelf);
      const row = await repo.setRole(db, targetId, role);
      if (!row) throw notFound('User');
      return row;
    },
    listUsers: (q: Parameters<typeof repo.listUsers>[1]) => repo.listUsers(db, q),
    listOutbox: (q: Parameters<typeof repo.listOutbox>[1]) => repo.listOutbox(db, q),
    /** `npm run admin -- grant <email>`: how an instance gets its first admin. */
    grantAdmin: (email: string) => repo.setRoleByEmail(db, email.trim(), 'admin'),
  };
}
