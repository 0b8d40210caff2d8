import type { TContactMessageInput, TContactMessageListQuery } from '@wavecast/shared';
import type { AppContext } from '../../context';
import { forbidden, notFound, unauthenticated } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import { billing } from '../billing';
import { CONTACT_MAIL_JOB, type ContactMailKind } from './mail';
import { canManageContactMessages } from './policy';
import * as repo from './repo';

/** Contact messages: stored with their mails queued; listed and resolved by admins. */
export const supportService = perApp(makeSupportService);

function makeSupportService(ctx: AppContext) {
  const { entitlements } = billing(ctx);
  function assertAdmin(user: SessionUser | null): void {
    if (!user) throw unauthenticated();
    if (!canManageContactMessages(user)) throw forbidden();
  }

  return {
    /** Stores a visitor's message; the confirmation copy and the inbox notification go out as jobs. */
    async submit(input: TContactMessageInput, user: SessionUser | null) {
      const kinds: ContactMailKind[] = ['confirmation', 'notification'];
      const priority = user ? (await entitlements.of(user)).entitlements.prioritySupport : false;
      return repo.insertContactMessage(ctx.database, { ...input, userId: user?.id ?? null, priority }, (messageId) =>
        kinds.map((kind) => ({ type: CONTACT_MAIL_JOB, payload: { messageId, kind } })),
      );
    },

    async list(user: SessionUser | null, q: TContactMessageListQuery) {
      assertAdmin(user);
      const { rows, total } = await repo.listContactMessages(ctx.database, q);
      const next = q.offset + rows.length;
      return { rows, total, nextOffset: next < total ? next : null };
    },

    async resolve(user: SessionUser | null, id: string) {
      assertAdmin(user);
      const row = await repo.resolveContactMessage(ctx.database, id);
      if (!row) throw notFound('Message');
      return row;
    },
  };
}
