import { type Role, USER_MESSAGES } from '@wavecast/shared';
import type { AppContext } from '../../context';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { canChangeRole } from '../users/policy';
import * as repo from './repo';

/** Admins give any role to anyone (except taking away their own admin role). */
export async function changeRole(ctx: AppContext, actor: SessionUser, targetId: string, role: Role) {
  const verdict = canChangeRole(actor, targetId, role);
  if (verdict === 'forbidden') throw forbidden();
  if (verdict === 'self-demotion') throw badRequest(USER_MESSAGES.cannotDemoteSelf);
  const row = await repo.setRole(ctx.database.db, targetId, role);
  if (!row) throw notFound('User');
  return row;
}

/** `npm run admin -- grant <email>`: how an instance gets its first admin. */
export async function grantAdmin(ctx: Pick<AppContext, 'database'>, email: string) {
  return repo.setRoleByEmail(ctx.database.db, email.trim(), 'admin');
}

export const listUsers = (ctx: AppContext, q: Parameters<typeof repo.listUsers>[1]) =>
  repo.listUsers(ctx.database.db, q);
export const listOutbox = (ctx: AppContext, q: Parameters<typeof repo.listOutbox>[1]) =>
  repo.listOutbox(ctx.database.db, q);
