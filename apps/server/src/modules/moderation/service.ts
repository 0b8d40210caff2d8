import {
  ADMIN_MESSAGES,
  MODERATION_MESSAGES,
  REPORT_REASONS,
  type ReportAction,
  type TReportInput,
} from '@wavecast/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { loadVisibleTrack } from '../../access/tracks';
import type { AppContext } from '../../context';
import { audioContent, comments, contentRemovals, liveChatMessages } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import { recordAudit } from '../admin/audit';
import * as adminRepo from '../admin/repo';
import { notificationService } from '../notifications/service';
import * as repo from './repo';
import { nextStatus } from './state';

/**
 * Reports of content against the Community Guidelines, and what admins do about them: dismiss,
 * remove the content (hidden; its owner is told and may appeal once; an admin may restore it), or
 * suspend its owner. Every admin action is one audit entry, in the transaction of the change.
 */
export const moderationService = perApp(makeModerationService);

function makeModerationService(ctx: AppContext) {
  const { database } = ctx;
  const db = database.db;
  const notifications = notificationService(ctx);

  return {
    /** Files a report; a second one by the same account on the same item changes nothing. */
    async file(reporter: SessionUser, input: TReportInput) {
      const item = await repo.findItem(database, input.targetType, input.targetId);
      const hidden = input.targetType === 'track' && !(await loadVisibleTrack(database, reporter.id, input.targetId));
      if (!item || hidden) throw notFound('Content');
      if (item.ownerId === reporter.id) throw badRequest(MODERATION_MESSAGES.cannotReportOwn);
      const created = await repo.insertReport(db, {
        reporterId: reporter.id,
        targetType: input.targetType,
        targetId: input.targetId,
        ownerId: item.ownerId,
        reason: input.reason,
        severity: REPORT_REASONS[input.reason].severity,
        details: input.details || null,
        createdAt: ctx.clock.now(),
      });
      return { created };
    },

    listGroups: (q: Parameters<typeof repo.listGroups>[1]) => repo.listGroups(database, q),
    findItem: repo.findItem.bind(null, database),

    /** Dismiss, remove or suspend, for every open report of the report's item at once. */
    async act(admin: SessionUser, reportId: string, action: ReportAction) {
      const report = await repo.findReport(db, reportId);
      if (!report) throw notFound('Report');
      if (action === 'remove' && (report.targetType === 'profile' || report.targetType === 'live')) {
        throw badRequest(MODERATION_MESSAGES.cannotRemove);
      }
      const at = ctx.clock.now();
      const done = await db.transaction(async (tx) => {
        const open = await repo.lockOpenReportsOf(tx, report.targetType, report.targetId);
        const status = open.some((r) => r.id === report.id) ? 'open' : 'closed';
        const to = status === 'open' ? nextStatus('open', action) : null;
        if (!to) throw conflict(MODERATION_MESSAGES.reportHandled);
        let removalId: string | null = null;
        let suspended = false;
        let deletedComment: { trackId: string; trackOwnerId: string } | null = null;
        let deletedChat: { streamId: string } | null = null;
        if (action === 'remove') {
          let snapshot: Record<string, unknown> | null = null;
          if (report.targetType === 'comment') {
            const [c] = await tx.delete(comments).where(eq(comments.id, report.targetId)).returning();
            if (c) {
              snapshot = { content: c.content, trackId: c.audioId };
              const [t] = await tx
                .select({ userId: audioContent.userId })
                .from(audioContent)
                .where(eq(audioContent.id, c.audioId));
              deletedComment = { trackId: c.audioId, trackOwnerId: t?.userId ?? '' };
            }
          } else if (report.targetType === 'chat') {
            const [m] = await tx.delete(liveChatMessages).where(eq(liveChatMessages.id, report.targetId)).returning();
            if (m) {
              snapshot = { content: m.content, streamId: m.streamId };
              deletedChat = { streamId: m.streamId };
            }
          }
          const [removal] = await tx
            .insert(contentRemovals)
            .values({
              targetType: report.targetType,
              targetId: report.targetId,
              ownerId: report.ownerId,
              reason: report.reason,
              snapshot,
              removedAt: at,
              removedBy: admin.id,
            })
            .onConflictDoUpdate({
              target: [contentRemovals.targetType, contentRemovals.targetId],
              set: {
                removedAt: at,
                removedBy: admin.id,
                restoredAt: null,
                restoredBy: null,
                appealText: null,
                appealedAt: null,
              },
            })
            .returning({ id: contentRemovals.id });
          removalId = removal.id;
        }
        if (action === 'suspend' && report.ownerId) {
          if (report.ownerId === admin.id) throw badRequest(ADMIN_MESSAGES.cannotSuspendSelf);
          suspended = Boolean(await adminRepo.setSuspended(tx, report.ownerId, at));
          await adminRepo.deleteSessionsOf(tx, report.ownerId);
          if (suspended) await ctx.events.record(tx, 'account.suspended', { userId: report.ownerId, reason: 'admin' });
        }
        if (removalId && report.targetType === 'track' && report.ownerId) {
          await ctx.events.record(tx, 'track.hidden', {
            trackId: report.targetId,
            ownerId: report.ownerId,
            reason: 'removed',
          });
        }
        const closed = await repo.closeOpenReportsOf(tx, report.targetType, report.targetId, to, admin.id, at);
        await recordAudit(tx, {
          actorId: admin.id,
          action: `report.${action}`,
          targetType: report.targetType,
          targetId: report.targetId,
          before: { status: 'open', reports: closed.length },
          after: { status: to, removalId, ownerSuspended: suspended || undefined, ownerId: report.ownerId },
          at,
        });
        return { status: to, removalId, suspended, deletedComment, deletedChat };
      });
      // Sessions, sockets, broadcasts and caches follow the events (events/, ADR 0027).
      await ctx.events.deliverNow();
      if (done.deletedComment && report.ownerId) {
        await ctx.bus
          .publish(`track:${done.deletedComment.trackId}`, 'comment.deleted', {
            trackId: done.deletedComment.trackId,
            commentId: report.targetId,
            trackOwnerId: done.deletedComment.trackOwnerId,
          })
          .catch(() => {});
      }
      if (done.deletedChat) {
        const { streamId } = done.deletedChat;
        await ctx.bus
          .publish(`live:${streamId}`, 'live.chat.deleted', { streamId, messageId: report.targetId })
          .catch(() => {});
      }
      if (done.removalId && report.ownerId) {
        const what =
          report.targetType === 'track'
            ? 'Your track'
            : `Your ${report.targetType === 'chat' ? 'chat message' : 'comment'}`;
        await notifications
          .onModeration(report.ownerId, {
            title: `${what} was removed for breaking the Community Guidelines (${REPORT_REASONS[report.reason].label}). You may appeal once.`,
            link: '/moderation',
            dedupeKey: `removal:${done.removalId}:${at.getTime()}`,
          })
          .catch(() => {});
      }
      return done;
    },

    /** The owner's removed content, with its appeal state. */
    removalsOf: (user: SessionUser) => repo.removalsOf(db, user.id),

    /** The owner appeals a removal, once. */
    async appeal(user: SessionUser, removalId: string, text: string) {
      const removal = await repo.findRemoval(db, removalId);
      if (!removal || removal.ownerId !== user.id) throw notFound('Removal');
      if (removal.restoredAt) throw conflict(MODERATION_MESSAGES.notRemoved);
      const [row] = await db
        .update(contentRemovals)
        .set({ appealText: text, appealedAt: ctx.clock.now() })
        .where(
          and(
            eq(contentRemovals.id, removalId),
            isNull(contentRemovals.appealedAt),
            isNull(contentRemovals.restoredAt),
          ),
        )
        .returning();
      if (!row) throw conflict(MODERATION_MESSAGES.alreadyAppealed);
      return row;
    },

    appealed: () => repo.appealedRemovals(db),

    /** An admin restores removed content (a track shows again); its owner is told. */
    async restore(admin: SessionUser, removalId: string) {
      const removal = await repo.findRemoval(db, removalId);
      if (!removal) throw notFound('Removal');
      if (removal.targetType !== 'track') throw badRequest(MODERATION_MESSAGES.cannotRemove);
      const at = ctx.clock.now();
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(contentRemovals)
          .set({ restoredAt: at, restoredBy: admin.id })
          .where(and(eq(contentRemovals.id, removalId), isNull(contentRemovals.restoredAt)))
          .returning();
        if (!row) throw conflict(MODERATION_MESSAGES.notRemoved);
        if (removal.ownerId) {
          await ctx.events.record(tx, 'track.shown', {
            trackId: removal.targetId,
            ownerId: removal.ownerId,
            reason: 'restored',
          });
        }
        await recordAudit(tx, {
          actorId: admin.id,
          action: 'removal.restore',
          targetType: removal.targetType,
          targetId: removal.targetId,
          before: { removedAt: removal.removedAt.toISOString(), appealed: removal.appealedAt !== null },
          after: { restoredAt: at.toISOString() },
          at,
        });
      });
      await ctx.events.deliverNow();
      if (removal.ownerId) {
        await notifications
          .onModeration(removal.ownerId, {
            title: 'Your track was restored after review.',
            link: `/audio/${removal.targetId}`,
            dedupeKey: `restore:${removal.id}:${at.getTime()}`,
          })
          .catch(() => {});
      }
    },
  };
}
