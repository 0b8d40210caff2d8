import type { PayeeKind, PayoutMethodKind, PayoutStatus } from '@wavecast/shared';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One payout rail for every payee kind (ADR 0054): affiliates (commissions) and creators (revenue
 * share). The tables keep the names they had when only affiliates were paid (`affiliate_payouts`…);
 * `affiliate_id` is the payee's user id, whatever its kind.
 *
 * A payout the payee requested: requested → batched → paid | failed (modules/payouts/state.ts).
 * At most one per payee kind, payee and schedule period (a failed one frees its period).
 */
export const payouts = pgTable(
  'affiliate_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payeeKind: text('payee_kind').$type<PayeeKind>().notNull().default('affiliate'),
    payeeId: text('affiliate_id').notNull(),
    /** The schedule's period, e.g. `monthly:2026-11`, `weekly:2026-11-16`. */
    period: text('period').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<PayoutStatus>().notNull().default('requested'),
    methodKind: text('method_kind').$type<PayoutMethodKind>(),
    methodMasked: text('method_masked'),
    /** The method's details at the request, encrypted with the server secret (shown to admins on step-up). */
    methodSecret: text('method_secret'),
    batchId: uuid('batch_id'),
    reference: text('reference'),
    note: text('note'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payouts_payee_period_uq').on(t.payeeKind, t.payeeId, t.period).where(sql`${t.status} <> 'failed'`),
    index('affiliate_payouts_batch_idx').on(t.batchId),
    index('affiliate_payouts_status_idx').on(t.status, t.createdAt),
  ],
);

/** The ledger entries a payout includes (ids in the payee kind's own ledger; a failed payout's are payable again). */
export const payoutItems = pgTable(
  'affiliate_payout_items',
  {
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id),
    entryId: uuid('entry_id').notNull(),
  },
  (t) => [
    uniqueIndex('affiliate_payout_items_uq').on(t.payoutId, t.entryId),
    index('affiliate_payout_items_entry_idx').on(t.entryId),
  ],
);

/** The requested payouts an admin gathered to pay together (exported as CSV or sent as transfers). */
export const payoutBatches = pgTable('affiliate_payout_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdBy: text('created_by').notNull(),
  payoutCount: integer('payout_count').notNull(),
  totalCents: integer('total_cents').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * A payee's payout method for kinds whose own tables hold none (creators; affiliates keep theirs on
 * `affiliates`). Encrypted with the server secret; only `methodMasked` is ever shown.
 */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    payeeKind: text('payee_kind').$type<PayeeKind>().notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    methodKind: text('method_kind').$type<PayoutMethodKind>().notNull(),
    methodSecret: text('method_secret').notNull(),
    methodMasked: text('method_masked').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.payeeKind, t.userId] })],
);
