import type { PayeeKind, PayoutMethodKind, PayoutStatus } from '@wavecast/shared';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payoutBatches, payoutItems, payoutMethods, payouts, users } from '../../db/schema';

// The payout rail's SQL (every payee kind). Money in integer cents.

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export type PayoutRow = typeof payouts.$inferSelect;
export type BatchRow = typeof payoutBatches.$inferSelect;

/** Takes the payee's payout lock for the transaction (two requests at once: one waits, then sees the payout). */
export async function lockPayee(db: Db, kind: PayeeKind, payeeId: string) {
  // The affiliate key is the one the affiliates module always took (unchanged across the move).
  const key = kind === 'affiliate' ? `affiliate-payout:${payeeId}` : `${kind}-payout:${payeeId}`;
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
}

/** The entry ids (of a kind's ledger) held by an open or paid payout of that kind: not payable again. */
export function entryInPayoutSql(kind: PayeeKind, entryId: SQL) {
  return sql`EXISTS (SELECT 1 FROM affiliate_payout_items i JOIN affiliate_payouts o ON o.id = i.payout_id
                     WHERE i.entry_id = ${entryId} AND o.payee_kind = ${kind} AND o.status <> 'failed')`;
}

/** Creates the period's payout with its entries; undefined when the period has one already. */
export async function insertPayout(
  db: Db,
  v: {
    payeeKind: PayeeKind;
    payeeId: string;
    period: string;
    amountCents: number;
    methodKind: PayoutMethodKind | null;
    methodMasked: string | null;
    methodSecret: string | null;
    entryIds: string[];
    at: Date;
  },
): Promise<PayoutRow | undefined> {
  const [row] = await db
    .insert(payouts)
    .values({
      payeeKind: v.payeeKind,
      payeeId: v.payeeId,
      period: v.period,
      amountCents: v.amountCents,
      methodKind: v.methodKind,
      methodMasked: v.methodMasked,
      methodSecret: v.methodSecret,
      createdAt: v.at,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return undefined;
  if (v.entryIds.length > 0)
    await db.insert(payoutItems).values(v.entryIds.map((entryId) => ({ payoutId: row.id, entryId })));
  return row;
}

export async function payoutsOf(db: Db, kind: PayeeKind, payeeId: string) {
  return db
    .select()
    .from(payouts)
    .where(and(eq(payouts.payeeKind, kind), eq(payouts.payeeId, payeeId)))
    .orderBy(desc(payouts.createdAt));
}

export async function findPayoutForUpdate(db: Db, id: string) {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id)).for('update');
  return row;
}

/** Moves a payout from `from` to a decided state; undefined when it moved meanwhile. */
export async function decidePayout(
  db: Db,
  id: string,
  from: PayoutStatus,
  v: { status: 'paid' | 'failed'; reference: string | null; note: string | null; by: string; at: Date },
) {
  const [row] = await db
    .update(payouts)
    .set({ status: v.status, reference: v.reference, note: v.note, decidedBy: v.by, decidedAt: v.at })
    .where(and(eq(payouts.id, id), eq(payouts.status, from)))
    .returning();
  return row;
}

/**
 * A payee whose account is suspended or gone is held: its requested payouts stay requested (out of
 * batches) until it is restored. Read at batch time, so a restoration needs no event of its own.
 */
const payeeActive = sql`EXISTS (SELECT 1 FROM users pu WHERE pu.id = ${payouts.payeeId} AND pu.suspended_at IS NULL)`;

/** Gathers every requested payout (every payee kind) of active payees into a new batch; undefined when none was waiting. */
export async function createBatch(db: Db, v: { by: string; at: Date }) {
  const waiting = await db
    .select({ id: payouts.id, amountCents: payouts.amountCents })
    .from(payouts)
    .where(and(eq(payouts.status, 'requested'), payeeActive))
    .for('update');
  if (waiting.length === 0) return undefined;
  const [batch] = await db
    .insert(payoutBatches)
    .values({
      createdBy: v.by,
      payoutCount: waiting.length,
      totalCents: waiting.reduce((s, p) => s + p.amountCents, 0),
      createdAt: v.at,
    })
    .returning();
  await db
    .update(payouts)
    .set({ status: 'batched', batchId: batch.id })
    .where(
      and(
        eq(payouts.status, 'requested'),
        inArray(
          payouts.id,
          waiting.map((p) => p.id),
        ),
      ),
    );
  return batch;
}

export async function listBatches(db: Db) {
  return db.select().from(payoutBatches).orderBy(desc(payoutBatches.createdAt)).limit(100);
}

export async function findBatch(db: Db, id: string) {
  const [row] = await db.select().from(payoutBatches).where(eq(payoutBatches.id, id));
  return row;
}

/** A batch's payouts with their payee. */
export async function batchPayouts(db: Db, batchId: string) {
  return db
    .select({ payout: payouts, email: users.email, displayName: users.displayName })
    .from(payouts)
    .leftJoin(users, eq(users.id, payouts.payeeId))
    .where(eq(payouts.batchId, batchId))
    .orderBy(payouts.createdAt, payouts.id);
}

/** Payouts waiting for an admin (requested or batched), every payee kind, with the payee. */
export async function duePayouts(db: Db) {
  return rowsOf<{
    id: string;
    payee_kind: PayeeKind;
    affiliate_id: string;
    email: string | null;
    display_name: string | null;
    period: string;
    amount_cents: number;
    status: PayoutStatus;
    method_kind: PayoutMethodKind | null;
    method_masked: string | null;
    batch_id: string | null;
    reference: string | null;
    created_at: Date | string;
    decided_at: Date | string | null;
  }>(
    await db.execute(sql`
      SELECT o.*, u.email, u.display_name
      FROM affiliate_payouts o LEFT JOIN users u ON u.id = o.affiliate_id
      WHERE o.status IN ('requested', 'batched') ORDER BY o.created_at LIMIT 200`),
  );
}

/** The admin overview's figure: what requested and batched payouts add up to (every payee kind). */
export async function payoutsDueCents(db: Db): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${payouts.amountCents}), 0)` })
    .from(payouts)
    .where(inArray(payouts.status, ['requested', 'batched']));
  return Number(row?.total ?? 0);
}

export async function findMethod(db: Db, kind: PayeeKind, userId: string) {
  const [row] = await db
    .select()
    .from(payoutMethods)
    .where(and(eq(payoutMethods.payeeKind, kind), eq(payoutMethods.userId, userId)));
  return row;
}

export async function saveMethod(
  db: Db,
  v: { kind: PayeeKind; userId: string; method: { kind: PayoutMethodKind; secret: string; masked: string }; at: Date },
) {
  const set = {
    methodKind: v.method.kind,
    methodSecret: v.method.secret,
    methodMasked: v.method.masked,
    updatedAt: v.at,
  };
  await db
    .insert(payoutMethods)
    .values({ payeeKind: v.kind, userId: v.userId, ...set })
    .onConflictDoUpdate({ target: [payoutMethods.payeeKind, payoutMethods.userId], set });
}
