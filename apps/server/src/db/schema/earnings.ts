import type { EarningsEntryKind, EarningsRule, EarningsSource } from '@wavecast/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Creators' revenue share (issue 37, ADR 0053). No foreign keys: like the payments ledger, these
 * rows outlive a deleted account or track, and the ledger may never be updated.
 */

/**
 * A finished day's qualified listening of signed-in listeners, folded from analytics' counted
 * sessions and their heard buckets (the same plays a creator sees in analytics) before the raw
 * rows are pruned. One row per listener and track per UTC day; written once per day.
 */
export const earningsListening = pgTable(
  'earnings_listening',
  {
    /** `YYYY-MM` of `day`: the key starts with it, so a month's rows are one range of the index. */
    month: text('month').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    listenerId: text('listener_id').notNull(),
    audioId: uuid('audio_id').notNull(),
    creatorId: text('creator_id').notNull(),
    /** Counted plays (past the play threshold, one per 30 minutes: the play counter's rule). */
    plays: integer('plays').notNull(),
    /** Of those, the plays that heard at least EARNINGS_HYBRID_MIN_SECONDS (the hybrid rule's). */
    longPlays: integer('long_plays').notNull(),
    /** Seconds heard by the counted plays (distinct 5-second buckets). */
    heardSeconds: integer('heard_seconds').notNull(),
  },
  (t) => [
    // In the close's order (listener, then track): the month streams out grouped, without a sort.
    // The migration adds INCLUDE (creator_id, plays, long_plays, heard_seconds): index-only reads.
    primaryKey({ columns: [t.month, t.listenerId, t.audioId, t.day] }),
    index('earnings_listening_creator_idx').on(t.creatorId, t.month),
  ],
);

/**
 * Listening reported after its day was folded (a late play report, a radio connection closed late),
 * found by the re-fold of the last days (`refoldDay`): what it added to `earnings_listening`, and
 * when. A close re-splits, as adjusting entries, the paying accounts of already closed months whose
 * listening grew after their month closed (ADR 0068). Append-only.
 */
export const earningsLateListening = pgTable(
  'earnings_late_listening',
  {
    month: text('month').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    listenerId: text('listener_id').notNull(),
    audioId: uuid('audio_id').notNull(),
    creatorId: text('creator_id').notNull(),
    plays: integer('plays').notNull(),
    longPlays: integer('long_plays').notNull(),
    heardSeconds: integer('heard_seconds').notNull(),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.listenerId, t.audioId, t.day, t.foundAt] }),
    index('earnings_late_listening_found_idx').on(t.foundAt),
  ],
);

/** Days already folded into earnings_listening: a fold runs once per day. */
export const earningsFoldedDays = pgTable('earnings_folded_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  foldedAt: timestamp('folded_at', { withTimezone: true }).notNull(),
});

/**
 * One row per closed month: what was allocated, under which rule and share. Inserted in the
 * close's transaction: a second close of the month finds it and writes nothing. Figures satisfy
 * creatorsCents + platformCents = subscriptionNetCents + adNetCents (to the cent).
 */
export const earningsMonths = pgTable('earnings_months', {
  /** `YYYY-MM` (UTC). */
  month: text('month').primaryKey(),
  rule: text('rule').$type<EarningsRule>().notNull(),
  platformShareBps: integer('platform_share_bps').notNull(),
  /** Subscription payments of the month after fees and commissions, refunds of it and earlier months included. */
  subscriptionNetCents: bigint('subscription_net_cents', { mode: 'number' }).notNull(),
  /** Valid ad spend on creators' content in the month, in cents. */
  adNetCents: bigint('ad_net_cents', { mode: 'number' }).notNull(),
  creatorsCents: bigint('creators_cents', { mode: 'number' }).notNull(),
  platformCents: bigint('platform_cents', { mode: 'number' }).notNull(),
  /** Paying accounts whose month had net revenue, and those of them with qualified listening. */
  subscribers: integer('subscribers').notNull(),
  listeningSubscribers: integer('listening_subscribers').notNull(),
  closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
  /** The month's allocations become payable then (its end + EARNINGS_HOLD_DAYS). */
  availableAt: timestamp('available_at', { withTimezone: true }).notNull(),
});

/**
 * The revenue-share ledger (append-only: the database refuses UPDATE and DELETE). Kinds in
 * shared/earnings.ts. `audioId` is the track for subscription shares, null for ads (an ad is
 * charged per creator) and for reversals' untracked remainders.
 */
export const earningsLedger = pgTable(
  'earnings_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: text('creator_id').notNull(),
    month: text('month').notNull(),
    kind: text('kind').$type<EarningsEntryKind>().notNull(),
    source: text('source').$type<EarningsSource>().notNull(),
    audioId: uuid('audio_id'),
    rule: text('rule').$type<EarningsRule>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** Subscribers whose listening made this entry (subscriptions), 0 for ads. */
    subscribers: integer('subscribers').notNull().default(0),
    /** A reversal's refund or chargeback (payments.id). */
    paymentId: uuid('payment_id'),
    refEntryId: uuid('ref_entry_id'),
    payoutId: uuid('payout_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('earnings_ledger_creator_idx').on(t.creatorId, t.month),
    index('earnings_ledger_month_idx').on(t.month),
    uniqueIndex('earnings_ledger_paid_uq').on(t.refEntryId).where(sql`${t.kind} = 'paid'`),
    index('earnings_ledger_payout_idx').on(t.payoutId),
  ],
);

/**
 * A creator's closed month, summed once at the close (the statements and the distribution report
 * read it): what the rule gave, what pro-rata would have given (the counterfactual), by source.
 */
export const earningsCreatorMonths = pgTable(
  'earnings_creator_months',
  {
    month: text('month').notNull(),
    creatorId: text('creator_id').notNull(),
    rule: text('rule').$type<EarningsRule>().notNull(),
    earnedCents: bigint('earned_cents', { mode: 'number' }).notNull(),
    subscriptionCents: bigint('subscription_cents', { mode: 'number' }).notNull(),
    adCents: bigint('ad_cents', { mode: 'number' }).notNull(),
    reversalCents: bigint('reversal_cents', { mode: 'number' }).notNull(),
    proRataCents: bigint('pro_rata_cents', { mode: 'number' }).notNull(),
    /** Distinct subscribers whose listening earned the creator a share. */
    subscribers: integer('subscribers').notNull(),
    plays: integer('plays').notNull(),
    heardSeconds: bigint('heard_seconds', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.creatorId] }),
    index('earnings_creator_months_creator_idx').on(t.creatorId, t.month),
  ],
);
