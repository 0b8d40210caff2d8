import type { AffiliateTierId, PayoutMethodKind, PayoutSchedule } from '@wavecast/shared';
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
