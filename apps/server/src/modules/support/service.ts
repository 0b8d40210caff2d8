import type { TContactMessageInput, TContactMessageListQuery } from '@wavecast/shared';
import type { AppContext } from '../../context';
import { forbidden, notFound, unauthenticated } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { billing } from '../billing';
import { CONTACT_MAIL_JOB, type ContactMailKind } from './mail';
import { canManageContactMessages } from './policy';
import * as repo from './repo';

/** Stores a visitor's message; the confirmation copy and the inbox notification go out as jobs. */
export async function submitContactMessage(ctx: AppContext, input: TContactMessageInput, user: SessionUser | null) {
  const kinds: ContactMailKind[] = ['confirmation', 'notification'];
  const priority = user ? (await billing(ctx).entitlements.of(user)).entitlements.prioritySupport : false;
  return repo.insertContactMessage(ctx.database, { ...input, userId: user?.id ?? null, priority }, (messageId) =>
    kinds.map((kind) => ({ type: CONTACT_MAIL_JOB, payload: { messageId, kind } })),
  );
}

function assertAdmin(user: SessionUser | null): void {
  if (!user) throw unauthenticated();
  if (!canManageContactMessages(user)) throw forbidden();
}

export async function listContactMessages(ctx: AppContext, user: SessionUser | null, q: TContactMessageListQuery) {
  assertAdmin(user);
  const { rows, total } = await repo.listContactMessages(ctx.database, q);
  const next = q.offset + rows.length;
  return { rows, total, nextOffset: next < total ? next : null };
}

export async function resolveContactMessage(ctx: AppContext, user: SessionUser | null, id: string) {
  assertAdmin(user);
  const row = await repo.resolveContactMessage(ctx.database, id);
  if (!row) throw notFound('Message');
  return row;
}
