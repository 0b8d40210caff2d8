import type { AffiliateTierId, PayoutMethodKind, PayoutSchedule, PayoutStatus } from '@wavecast/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * An affiliate's own state, made lazily the first time it is needed (a click, the dashboard, the
 * settings). The role itself lives on users.user_role (granted by an approved application or an admin).
 */
export const affiliates = pgTable('affiliates', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Recomputed daily from the active referrals; a payment's commission takes the tier of its booking. */
  tier: text('tier').$type<AffiliateTierId>().notNull().default('bronze'),
  activeReferrals: integer('active_referrals').notNull().default(0),
  tierAt: timestamp('tier_at', { withTimezone: true }),
  payoutSchedule: text('payout_schedule').$type<PayoutSchedule>().notNull().default('monthly'),
  payoutMethodKind: text('payout_method_kind').$type<PayoutMethodKind>(),
  /** The method's details, encrypted with the server secret; only `payoutMethodMasked` is ever shown. */
  payoutMethodSecret: text('payout_method_secret'),
  payoutMethodMasked: text('payout_method_masked'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Clicks on /ref/{id}: one per visitor (hashed address and agent) per affiliate per day; bots not counted. */
export const affiliateClicks = pgTable(
  'affiliate_clicks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    affiliateId: text('affiliate_id').notNull(),
    visitor: text('visitor').notNull(),
    /** YYYY-MM-DD (UTC). */
    day: text('day').notNull(),
    campaign: text('campaign'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('affiliate_clicks_visitor_day_uq').on(t.affiliateId, t.visitor, t.day),
    index('affiliate_clicks_aff_idx').on(t.affiliateId, t.at),
  ],
);

/**
 * One row per referred account (the first attribution is the only one). No foreign key to the
 * referred account: a deleted account still shows as a deleted referral, and its commissions stay.
 */
export const affiliateReferrals = pgTable(
  'affiliate_referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    affiliateId: text('affiliate_id').notNull(),
    referredUserId: text('referred_user_id').notNull().unique(),
    campaign: text('campaign'),
    signupIp: text('signup_ip'),
    /** Many sign-ups from one address: its commissions are held until an admin clears or voids it. */
    flagged: boolean('flagged').notNull().default(false),
    /** Voided by an admin: its commissions were reversed by a `void` entry and it earns nothing more. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('affiliate_referrals_aff_idx').on(t.affiliateId, t.createdAt),
    index('affiliate_referrals_ip_idx').on(t.signupIp, t.createdAt),
  ],
);

/**
 * The commission ledger (append-only: the database refuses UPDATE and DELETE).
 *   commission — +amount from a paid subscription payment (one per payment_id), pending until payable_at;
 *   reversal   — what a refund takes back, payable at once (it nets the next payout); a refund held
 *                before its payment arrived gets a later entry with the difference (ADR 0039);
 *   void       — −what a voided referral had earned and not been paid (admin decision);
 *   paid       — marks entry `ref_entry_id` paid by payout `payout_id` (same amount; not earnings).
 */
export const affiliateLedger = pgTable(
  'affiliate_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    affiliateId: text('affiliate_id').notNull(),
    kind: text('kind').$type<'commission' | 'reversal' | 'void' | 'paid'>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    referralId: uuid('referral_id').notNull(),
    paymentId: uuid('payment_id'),
    /** The payment's own amount (signed), for the record. */
    paymentCents: integer('payment_cents').notNull().default(0),
    tier: text('tier').$type<AffiliateTierId>(),
    rateBps: integer('rate_bps').notNull().default(0),
    refEntryId: uuid('ref_entry_id'),
    payoutId: uuid('payout_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    payableAt: timestamp('payable_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('affiliate_ledger_commission_uq').on(t.paymentId).where(sql`${t.kind} = 'commission'`),
    index('affiliate_ledger_payment_idx').on(t.paymentId),
    uniqueIndex('affiliate_ledger_paid_uq').on(t.refEntryId).where(sql`${t.kind} = 'paid'`),
    index('affiliate_ledger_aff_idx').on(t.affiliateId, t.occurredAt),
    index('affiliate_ledger_referral_idx').on(t.referralId),
  ],
);

/**
 * A payout the affiliate requested: requested → batched → paid | failed (affiliates/payouts.ts).
 * At most one per affiliate and schedule period (a failed one frees its period).
 */
export const affiliatePayouts = pgTable(
  'affiliate_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    affiliateId: text('affiliate_id').notNull(),
    /** The schedule's period, e.g. `monthly:2026-11`, `weekly:2026-W47`, `biweekly:2026-B24`. */
    period: text('period').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<PayoutStatus>().notNull().default('requested'),
    methodKind: text('method_kind').$type<PayoutMethodKind>(),
    methodMasked: text('method_masked'),
    /** The method's details at the request, encrypted like the affiliate's (shown to admins on step-up). */
    methodSecret: text('method_secret'),
    batchId: uuid('batch_id'),
    reference: text('reference'),
    note: text('note'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('affiliate_payouts_period_uq').on(t.affiliateId, t.period).where(sql`${t.status} <> 'failed'`),
    index('affiliate_payouts_batch_idx').on(t.batchId),
    index('affiliate_payouts_status_idx').on(t.status, t.createdAt),
  ],
);

/** The ledger entries a payout includes (a failed payout's entries are payable again). */
export const affiliatePayoutItems = pgTable(
  'affiliate_payout_items',
  {
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => affiliatePayouts.id),
    entryId: uuid('entry_id').notNull(),
  },
  (t) => [
    uniqueIndex('affiliate_payout_items_uq').on(t.payoutId, t.entryId),
    index('affiliate_payout_items_entry_idx').on(t.entryId),
  ],
);

/** The requested payouts an admin gathered to pay together (exported as CSV or sent as transfers). */
export const affiliatePayoutBatches = pgTable('affiliate_payout_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdBy: text('created_by').notNull(),
  payoutCount: integer('payout_count').notNull(),
  totalCents: integer('total_cents').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
