import { COPYRIGHT_MESSAGES, COUNTER_NOTICE_BUSINESS_DAYS, isUuid, type TCopyrightNotice } from '@wavecast/shared';
import { and, desc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { audioContent, contentRemovals, copyrightNotices } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import { recordAudit } from '../admin/audit';
import { notificationService } from '../notifications/service';
import { addBusinessDays } from './business-days';

type NoticeRow = typeof copyrightNotices.$inferSelect;

export function presentNotice(r: NoticeRow): TCopyrightNotice {
  return {
    id: r.id,
    trackId: r.trackId,
    ownerId: r.ownerId,
    claimantName: r.claimantName,
    claimantEmail: r.claimantEmail,
    work: r.work,
    status: r.status,
    counterText: r.counterText,
    counteredAt: r.counteredAt?.toISOString() ?? null,
    restoreAt: r.restoreAt?.toISOString() ?? null,
    restoredAt: r.restoredAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Copyright notices as the legal Copyright page describes them: notice → takedown at once (the
 * owner is told, with the claimant's name and contact) → counter-notice by the owner → restored
 * after COUNTER_NOTICE_BUSINESS_DAYS unless an admin notes the claimant's court action. The
 * restore is the hourly job's, on the app clock.
 */
export const copyrightService = perApp(makeCopyrightService);

function makeCopyrightService(ctx: AppContext) {
  const db = ctx.database.db;
  const notifications = notificationService(ctx);
  const notify = (userId: string | null, title: string, link: string, key: string) =>
    userId ? notifications.onModeration(userId, { title, link, dedupeKey: key }).catch(() => {}) : undefined;

  return {
    /** An admin records a notice: the track is taken down in the same transaction. */
    async takedown(
      admin: SessionUser,
      input: { trackId: string; claimantName: string; claimantEmail: string; work: string },
    ) {
      if (!isUuid(input.trackId)) throw notFound('Audio');
      const [track] = await db
        .select({ id: audioContent.id, userId: audioContent.userId, title: audioContent.title })
        .from(audioContent)
        .where(eq(audioContent.id, input.trackId));
      if (!track) throw notFound('Audio');
      const at = ctx.clock.now();
      const notice = await db.transaction(async (tx) => {
        const open = await tx
          .select({ id: copyrightNotices.id })
          .from(copyrightNotices)
          .where(
            and(eq(copyrightNotices.trackId, track.id), inArray(copyrightNotices.status, ['takedown', 'countered'])),
          )
          .for('update');
        if (open.length) throw conflict(COPYRIGHT_MESSAGES.noticeOpen);
        const [removal] = await tx
          .insert(contentRemovals)
          .values({
            targetType: 'track',
            targetId: track.id,
            ownerId: track.userId,
            reason: 'copyright',
            removedAt: at,
            removedBy: admin.id,
          })
          .onConflictDoUpdate({
            target: [contentRemovals.targetType, contentRemovals.targetId],
            set: {
              reason: 'copyright',
              removedAt: at,
              removedBy: admin.id,
              restoredAt: null,
              restoredBy: null,
              appealText: null,
              appealedAt: null,
            },
          })
          .returning({ id: contentRemovals.id });
        const [row] = await tx
          .insert(copyrightNotices)
          .values({
            ...input,
            trackId: track.id,
            ownerId: track.userId,
            removalId: removal.id,
            createdAt: at,
            createdBy: admin.id,
          })
          .returning();
        await ctx.events.record(tx, 'track.hidden', { trackId: track.id, ownerId: track.userId, reason: 'removed' });
        await recordAudit(tx, {
          actorId: admin.id,
          action: 'copyright.takedown',
          targetType: 'track',
          targetId: track.id,
          before: null,
          after: { noticeId: row.id, claimant: input.claimantName, work: input.work },
          at,
        });
        return row;
      });
      await ctx.events.deliverNow();
      await notify(
        track.userId,
        `Your track "${track.title}" was taken down after a copyright notice from ${input.claimantName} (${input.claimantEmail}) about "${input.work}". You may send a counter-notice.`,
        '/moderation',
        `copyright:${notice.id}`,
      );
      return notice;
    },

    list: (status?: NoticeRow['status']) =>
      db
        .select()
        .from(copyrightNotices)
        .where(status ? eq(copyrightNotices.status, status) : undefined)
        .orderBy(desc(copyrightNotices.createdAt))
        .limit(100),

    mine: (user: SessionUser) =>
      db
        .select()
        .from(copyrightNotices)
        .where(eq(copyrightNotices.ownerId, user.id))
        .orderBy(desc(copyrightNotices.createdAt)),

    /** The owner's counter-notice, once: the restore date is set by the Copyright page's period. */
    async counter(user: SessionUser, id: string, text: string) {
      if (!isUuid(id)) throw notFound('Notice');
      const [found] = await db.select().from(copyrightNotices).where(eq(copyrightNotices.id, id));
      if (!found || found.ownerId !== user.id) throw notFound('Notice');
      const at = ctx.clock.now();
      const [row] = await db
        .update(copyrightNotices)
        .set({
          status: 'countered',
          counterText: text,
          counteredAt: at,
          restoreAt: addBusinessDays(at, COUNTER_NOTICE_BUSINESS_DAYS),
        })
        .where(and(eq(copyrightNotices.id, id), eq(copyrightNotices.status, 'takedown')))
        .returning();
      if (!row) throw conflict(COPYRIGHT_MESSAGES.notInTakedown);
      return row;
    },

    /** The claimant told us they went to court: the track stays down. */
    async courtAction(admin: SessionUser, id: string) {
      if (!isUuid(id)) throw notFound('Notice');
      const at = ctx.clock.now();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(copyrightNotices)
          .set({ status: 'court_action' })
          .where(and(eq(copyrightNotices.id, id), eq(copyrightNotices.status, 'countered')))
          .returning();
        if (!row) {
          const [exists] = await tx
            .select({ id: copyrightNotices.id })
            .from(copyrightNotices)
            .where(eq(copyrightNotices.id, id));
          if (!exists) throw notFound('Notice');
          throw conflict(COPYRIGHT_MESSAGES.notCountered);
        }
        await recordAudit(tx, {
          actorId: admin.id,
          action: 'copyright.court_action',
          targetType: 'track',
          targetId: row.trackId,
          before: { status: 'countered' },
          after: { status: 'court_action', noticeId: row.id },
          at,
        });
        return row;
      });
    },

    /** Restores every countered notice whose period is over (the job; safe to run twice). */
    async restoreDue(): Promise<number> {
      const now = ctx.clock.now();
      const due = await db
        .select()
        .from(copyrightNotices)
        .where(and(eq(copyrightNotices.status, 'countered'), lte(copyrightNotices.restoreAt, now)))
        .limit(100);
      let restored = 0;
      for (const n of due) {
        const done = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(copyrightNotices)
            .set({ status: 'restored', restoredAt: now })
            .where(and(eq(copyrightNotices.id, n.id), eq(copyrightNotices.status, 'countered')))
            .returning();
          if (!row) return false;
          await tx
            .update(contentRemovals)
            .set({ restoredAt: now, restoredBy: null })
            .where(and(eq(contentRemovals.id, n.removalId), isNull(contentRemovals.restoredAt)));
          if (n.ownerId)
            await ctx.events.record(tx, 'track.shown', { trackId: n.trackId, ownerId: n.ownerId, reason: 'restored' });
          await recordAudit(tx, {
            actorId: null,
            action: 'copyright.restore',
            targetType: 'track',
            targetId: n.trackId,
            before: { status: 'countered' },
            after: { status: 'restored', noticeId: n.id },
            at: now,
          });
          return true;
        });
        if (done) {
          restored++;
          await notify(
            n.ownerId,
            'Your track was restored: the counter-notice period is over.',
            `/audio/${n.trackId}`,
            `copyright-restored:${n.id}`,
          );
        }
      }
      if (restored) await ctx.events.deliverNow();
      return restored;
    },
  };
}
