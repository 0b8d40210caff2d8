import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { entryInPayoutSql } from '../payouts/repo';

// Statements' own SQL over the earnings ledger (read-only, except the `paid` marks a paid payout
// appends): what a creator payout may include, and the titles a statement names.

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/**
 * A creator's entries payable now: available (past the 30-day hold), not paid, in no open payout.
 * Reversals are included: they net the payout.
 */
export async function payableEntries(db: Db, creatorId: string, now: Date) {
  return rowsOf<{ id: string; amount_cents: number }>(
    await db.execute(sql`
      SELECT e.id, e.amount_cents::float8 AS amount_cents FROM earnings_ledger e
      WHERE e.creator_id = ${creatorId} AND e.kind IN ('allocation', 'reversal')
        AND e.available_at <= ${now.toISOString()}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM earnings_ledger p WHERE p.kind = 'paid' AND p.ref_entry_id = e.id)
        AND NOT ${entryInPayoutSql('creator', sql`e.id`)}`),
  );
}

/** What the creator's open payouts (requested or batched) hold. */
export async function processingCents(db: Db, creatorId: string): Promise<number> {
  const [r] = rowsOf<{ n: number }>(
    await db.execute(sql`
      SELECT coalesce(sum(amount_cents), 0)::float8 AS n FROM affiliate_payouts
      WHERE payee_kind = 'creator' AND affiliate_id = ${creatorId} AND status IN ('requested', 'batched')`),
  );
  return r?.n ?? 0;
}

/** A paid creator payout's entries, each marked paid by its own `paid` entry (same amount, not earnings). */
export async function markEntriesPaid(db: Db, payout: { id: string }, at: Date) {
  await db.execute(sql`
    INSERT INTO earnings_ledger (creator_id, month, kind, source, audio_id, rule, amount_cents, subscribers,
                                 ref_entry_id, payout_id, occurred_at, available_at, created_at)
    SELECT l.creator_id, l.month, 'paid', l.source, l.audio_id, l.rule, l.amount_cents, 0, l.id, ${payout.id},
           ${at}, ${at}, ${at}
    FROM affiliate_payout_items i JOIN earnings_ledger l ON l.id = i.entry_id
    WHERE i.payout_id = ${payout.id}
    ON CONFLICT DO NOTHING`);
}

/** Track titles by id (deleted tracks are left out: the statement names them "Deleted track"). */
export async function trackTitles(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{ id: string; title: string }>(
    await db.execute(
      sql`SELECT id, title FROM audio_content WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    ),
  );
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** The account when it is a creator (or was one: its statements stay readable). */
export async function findCreator(db: Db, id: string) {
  const [r] = rowsOf<{ id: string; role: string; display_name: string | null }>(
    await db.execute(sql`SELECT id, user_role AS role, display_name FROM users WHERE id = ${id}`),
  );
  return r;
}
