import type { PaidPlanId, SubscriptionStatus } from '@wavecast/shared';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { citext, users } from './users';

/** One row per account that ever touched billing: its payment-provider customer and its one trial. */
export const billingAccounts = pgTable('billing_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').unique(),
  /**
   * The customer Stripe deleted last (forgotten here): a new one's creation is keyed after it, so a
   * Checkout within Stripe's 24 hours of idempotency does not get the deleted customer back.
   */
  previousStripeCustomerId: text('previous_stripe_customer_id'),
  trialStartedAt: timestamp('trial_started_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A plan an account holds (billing/state-machine.ts has the statuses' transitions). At most one
 * subscription per account is not expired: the partial unique index makes two at once impossible.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').$type<PaidPlanId>().notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    /** 'trial', 'stripe' or 'admin': who pays (nobody, the card on file, the platform). */
    source: text('source').$type<'trial' | 'stripe' | 'admin'>().notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    /** null: no end (an admin grant until revoked). */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    graceEndsAt: timestamp('grace_ends_at', { withTimezone: true }),
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    /** The newest provider event applied (its `created`): older ones arriving late are ignored. */
    providerEventAt: timestamp('provider_event_at', { withTimezone: true }),
    /** Bumped by every change: a change made from a stale read matches no row. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('subscriptions_one_open_uq').on(t.userId).where(sql`${t.status} <> 'expired'`),
    index('subscriptions_due_idx').on(t.status, t.currentPeriodEnd),
  ],
);

/** Every transition a subscription took (append-only; the database refuses updates and deletes). */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    fromStatus: text('from_status').$type<SubscriptionStatus>(),
    toStatus: text('to_status').$type<SubscriptionStatus>().notNull(),
    planId: text('plan_id').$type<PaidPlanId>().notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('subscription_events_sub_idx').on(t.subscriptionId, t.at)],
);

/**
 * The payments ledger (append-only): money that moved, or failed to. A refund is its own negative
 * entry. `externalId` (the provider's id plus the kind) makes each one recorded once.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** No foreign key: the ledger outlives a deleted account (and may never be updated). */
    userId: text('user_id'),
    kind: text('kind').$type<'paid' | 'refunded' | 'failed'>().notNull(),
    purpose: text('purpose').$type<'subscription' | 'ad_topup'>().notNull(),
    /** Signed: paid > 0, refunded < 0, failed: the amount attempted (not money moved). */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    planId: text('plan_id').$type<PaidPlanId>(),
    subscriptionId: uuid('subscription_id'),
    externalId: text('external_id').notNull().unique(),
    /**
     * The provider's invoice the money moved for: a paid entry's own invoice, a refund's or
     * chargeback's refunded invoice (Stripe's charge → invoice; null when it has none, e.g. a
     * top-up, or was not known). Commissions reverse at the named invoice's own rate (ADR 0044).
     */
    invoiceId: text('invoice_id'),
    description: text('description'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.occurredAt),
    // The earnings close finds a refund's paid entry by invoice (migration 0047).
    index('payments_invoice_idx').on(t.invoiceId),
  ],
);

/** Provider webhook events already applied (by event id): a redelivery is acknowledged, not applied. */
export const providerEvents = pgTable('provider_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Family plan seats: the owner invites by email; the invited account joins by accepting. */
export const familyMembers = pgTable(
  'family_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: citext('email').notNull(),
    memberId: text('member_id').references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'invited' | 'active' | 'removed'>().notNull(),
    /** sha256 of the invitation token. */
    tokenHash: text('token_hash').notNull(),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('family_members_open_uq').on(t.ownerId, t.email).where(sql`${t.status} <> 'removed'`),
    uniqueIndex('family_members_member_uq').on(t.memberId).where(sql`${t.status} = 'active'`),
    index('family_members_token_idx').on(t.tokenHash),
  ],
);
