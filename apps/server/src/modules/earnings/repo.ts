import type { EarningsRule } from '@wavecast/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { CreatorBalance, EarningsEntry, TrackEarning } from './types';

// The earnings module's reads. Money in integer cents (bigint columns read as numbers: a creator's
// totals stay far below 2^53); counts cast to int. The close's SQL is in close-repo.ts.

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export interface CreatorMonthRow {
  month: string;
  rule: EarningsRule;
  earnedCents: number;
  subscriptionCents: number;
  adCents: number;
  reversalCents: number;
  proRataCents: number;
  subscribers: number;
  plays: number;
  heardSeconds: number;
  availableAt: Date;
}

/** A creator's closed months (one month when given), newest first. */
export async function creatorMonths(db: Db, creatorId: string, month?: string): Promise<CreatorMonthRow[]> {
  const rows = rowsOf<CreatorMonthRow & { availableAt: string | Date }>(
    await db.execute(sql`
      SELECT c.month, c.rule, c.earned_cents::float8 AS "earnedCents", c.subscription_cents::float8 AS "subscriptionCents",
             c.ad_cents::float8 AS "adCents", c.reversal_cents::float8 AS "reversalCents",
             c.pro_rata_cents::float8 AS "proRataCents", c.subscribers, c.plays, c.heard_seconds::float8 AS "heardSeconds",
             m.available_at AS "availableAt"
        FROM earnings_creator_months c JOIN earnings_months m ON m.month = c.month
       WHERE c.creator_id = ${creatorId} ${month ? sql`AND c.month = ${month}` : sql``}
       ORDER BY c.month DESC`),
  );
  return rows.map((r) => ({ ...r, availableAt: new Date(r.availableAt) }));
}

/** The month's subscription entries of a creator, by track. */
export async function trackBreakdown(db: Db, creatorId: string, month: string): Promise<TrackEarning[]> {
  return rowsOf<TrackEarning>(
    await db.execute(sql`
      WITH e AS (
        SELECT audio_id,
               sum(amount_cents) FILTER (WHERE kind = 'allocation')::float8 AS sub,
               sum(amount_cents) FILTER (WHERE kind = 'reversal')::float8 AS rev,
               sum(subscribers) FILTER (WHERE kind = 'allocation')::int AS subs
          FROM earnings_ledger
         WHERE creator_id = ${creatorId} AND month = ${month} AND source = 'subscriptions'
           AND kind IN ('allocation', 'reversal') AND audio_id IS NOT NULL
         GROUP BY audio_id),
      l AS (
        SELECT audio_id, sum(plays)::int AS plays, sum(heard_seconds)::float8 AS heard
          FROM earnings_listening
         WHERE creator_id = ${creatorId} AND month = ${month}
         GROUP BY audio_id)
      SELECT e.audio_id AS "audioId", coalesce(e.sub, 0) AS "subscriptionCents", coalesce(e.rev, 0) AS "reversalCents",
             coalesce(e.subs, 0) AS subscribers, coalesce(l.plays, 0) AS plays, coalesce(l.heard, 0) AS "heardSeconds"
        FROM e LEFT JOIN l ON l.audio_id = e.audio_id
       ORDER BY coalesce(e.sub, 0) + coalesce(e.rev, 0) DESC, e.audio_id`),
  );
}

/** Earnings entries not paid yet, and paid ones, summed by state at `now`. */
export async function balance(db: Db, creatorId: string, now: Date): Promise<CreatorBalance> {
  const [r] = rowsOf<CreatorBalance>(
    await db.execute(sql`
      SELECT coalesce(sum(e.amount_cents) FILTER (WHERE p.id IS NULL AND e.available_at > ${now.toISOString()}::timestamptz), 0)::float8 AS "pendingCents",
             coalesce(sum(e.amount_cents) FILTER (WHERE p.id IS NULL AND e.available_at <= ${now.toISOString()}::timestamptz), 0)::float8 AS "availableCents",
             coalesce(sum(e.amount_cents) FILTER (WHERE p.id IS NOT NULL), 0)::float8 AS "paidCents"
        FROM earnings_ledger e
        LEFT JOIN earnings_ledger p ON p.kind = 'paid' AND p.ref_entry_id = e.id
       WHERE e.creator_id = ${creatorId} AND e.kind IN ('allocation', 'reversal')`),
  );
  return r ?? { pendingCents: 0, availableCents: 0, paidCents: 0 };
}

/** Available, unpaid entries of a creator, oldest first. */
export async function payableEntries(db: Db, creatorId: string, now: Date): Promise<EarningsEntry[]> {
  const rows = rowsOf<EarningsEntry & { availableAt: string | Date; occurredAt: string | Date }>(
    await db.execute(sql`
      SELECT e.id, e.creator_id AS "creatorId", e.month, e.kind, e.source, e.audio_id AS "audioId", e.rule,
             e.amount_cents::float8 AS "amountCents", e.subscribers, e.available_at AS "availableAt", e.occurred_at AS "occurredAt"
        FROM earnings_ledger e
       WHERE e.creator_id = ${creatorId} AND e.kind IN ('allocation', 'reversal')
         AND e.available_at <= ${now.toISOString()}::timestamptz
         AND NOT EXISTS (SELECT 1 FROM earnings_ledger p WHERE p.kind = 'paid' AND p.ref_entry_id = e.id)
       ORDER BY e.occurred_at, e.id`),
  );
  return rows.map((r) => ({ ...r, availableAt: new Date(r.availableAt), occurredAt: new Date(r.occurredAt) }));
}

export async function latestClosedMonth(db: Db): Promise<string | null> {
  const [r] = rowsOf<{ month: string }>(await db.execute(sql`SELECT max(month) AS month FROM earnings_months`));
  return r?.month ?? null;
}

/** Every creator's total and counterfactual of a closed month (null: not closed). */
export async function monthCreatorTotals(
  db: Db,
  month: string,
): Promise<{
  rule: EarningsRule;
  creators: { earnedCents: number; allocatedCents: number; proRataCents: number }[];
} | null> {
  const [m] = rowsOf<{ rule: EarningsRule }>(
    await db.execute(sql`SELECT rule FROM earnings_months WHERE month = ${month}`),
  );
  if (!m) return null;
  const creators = rowsOf<{ earnedCents: number; allocatedCents: number; proRataCents: number }>(
    await db.execute(sql`
      SELECT earned_cents::float8 AS "earnedCents", (subscription_cents + ad_cents)::float8 AS "allocatedCents",
             pro_rata_cents::float8 AS "proRataCents"
        FROM earnings_creator_months WHERE month = ${month}`),
  );
  return { rule: m.rule, creators };
}
