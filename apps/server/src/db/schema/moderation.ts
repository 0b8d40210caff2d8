import type { CopyrightStatus, ReportReason, ReportSeverity, ReportStatus, ReportTarget } from '@wavecast/shared';
import { index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A report of one item (track, comment, live stream, profile, chat message) by one account. One
 * account reports an item once (the unique pair): asking again changes nothing.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type').$type<ReportTarget>().notNull(),
    targetId: text('target_id').notNull(),
    /** Whose content it is, found when the report was filed. */
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').$type<ReportReason>().notNull(),
    severity: text('severity').$type<ReportSeverity>().notNull(),
    details: text('details'),
    status: text('status').$type<ReportStatus>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: text('handled_by'),
  },
  (t) => [
    unique('reports_once_uq').on(t.reporterId, t.targetType, t.targetId),
    index('reports_item_idx').on(t.targetType, t.targetId, t.status),
    index('reports_status_idx').on(t.status, t.createdAt),
    index('reports_owner_idx').on(t.ownerId),
  ],
);

/**
 * Content an admin removed after reports: hidden while `restoredAt` is null. Its owner may appeal
 * once; an admin may restore it. A removed comment or chat message is deleted, its text kept here.
 */
export const contentRemovals = pgTable(
  'content_removals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    targetType: text('target_type').$type<ReportTarget>().notNull(),
    targetId: text('target_id').notNull(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<ReportReason>().notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>(),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull(),
    removedBy: text('removed_by'),
    appealText: text('appeal_text'),
    appealedAt: timestamp('appealed_at', { withTimezone: true }),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    restoredBy: text('restored_by'),
  },
  (t) => [
    unique('content_removals_item_uq').on(t.targetType, t.targetId),
    index('content_removals_owner_idx').on(t.ownerId),
  ],
);

/**
 * A copyright takedown notice (legal Copyright page): the track is taken down at once (a removal
 * with reason copyright); its owner may send a counter-notice, and unless the claimant starts court
 * action the track is restored after COUNTER_NOTICE_BUSINESS_DAYS (moderation/copyright.ts).
 */
export const copyrightNotices = pgTable(
  'copyright_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trackId: text('track_id').notNull(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    removalId: uuid('removal_id').notNull(),
    claimantName: text('claimant_name').notNull(),
    claimantEmail: text('claimant_email').notNull(),
    work: text('work').notNull(),
    status: text('status').$type<CopyrightStatus>().notNull().default('takedown'),
    counterText: text('counter_text'),
    counteredAt: timestamp('countered_at', { withTimezone: true }),
    restoreAt: timestamp('restore_at', { withTimezone: true }),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by'),
  },
  (t) => [
    index('copyright_notices_track_idx').on(t.trackId),
    index('copyright_notices_due_idx').on(t.status, t.restoreAt),
  ],
);
