import { EARNINGS_HYBRID_MIN_SECONDS, type EarningsRule, LISTEN_BUCKET_SECONDS } from '@wavecast/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type earningsCreatorMonths, type earningsLedger, earningsMonths } from '../../db/schema';
import { radioListening } from '../analytics/radio-repo';

// The month close's SQL: the fold of a day's listening, the month's revenue, the listening grouped
// per paying account (read through a cursor, never whole), and the close's writes.

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Exec = Pick<Db, 'execute'>;

/**
 * Days to fold before `before` (exclusive), oldest first: from the day after the last folded one
 * (or the oldest raw session), each once; days fold in order, so there are no gaps behind.
 */
export async function unfoldedDays(db: Exec, before: string): Promise<string[]> {
  return rowsOf<{ day: string }>(
    await db.execute(sql`
      SELECT d::date::text AS day
        FROM generate_series(
               coalesce((SELECT max(day) + 1 FROM earnings_folded_days),
                        least((SELECT min(day) FROM listen_sessions),
                              (SELECT min(started_at AT TIME ZONE 'UTC')::date FROM radio_airings))),
               ${before}::date - 1, interval '1 day') d
       ORDER BY 1`),
  ).map((r) => r.day);
}

const DAY_MS = 86_400_000;

/**
 * A day's qualified listening as `earnings_listening` rows: its counted on-demand plays by signed-in
 * listeners (not of their own tracks), with the seconds their distinct buckets heard, and its radio
 * listening (ADR 0065: what each signed-in listener heard of the tracks a channel aired that day),
 * summed per listener, track and day. Radio rows without a play (heard under the play threshold)
 * are left out, as uncounted on-demand sessions are.
 */
async function dayListening(db: Exec, day: string): Promise<SQL> {
  const from = `${day}T00:00:00.000Z`;
  const to = new Date(Date.parse(from) + DAY_MS).toISOString();
  const radio = (await radioListening(db, from, to)).filter((r) => r.plays > 0);
  return sql`
    SELECT month, day, listener_id, audio_id, max(creator_id) AS creator_id, sum(plays)::int AS plays,
           sum(long_plays)::int AS long_plays, sum(heard_seconds)::int AS heard_seconds
      FROM (
        SELECT to_char(s.day, 'YYYY-MM') AS month, s.day, s.user_id AS listener_id, s.audio_id, a.user_id AS creator_id,
               count(*)::int AS plays,
               count(*) FILTER (WHERE h.n * ${LISTEN_BUCKET_SECONDS} >= ${EARNINGS_HYBRID_MIN_SECONDS})::int AS long_plays,
               coalesce(sum(h.n * ${LISTEN_BUCKET_SECONDS}), 0)::int AS heard_seconds
          FROM listen_sessions s
          JOIN audio_content a ON a.id = s.audio_id
          CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM listen_buckets b WHERE b.session_id = s.id) h
         WHERE s.day = ${day}::date AND s.counted AND s.user_id IS NOT NULL AND s.user_id <> a.user_id
         GROUP BY s.day, s.user_id, s.audio_id, a.user_id
        UNION ALL
        SELECT to_char(x.day, 'YYYY-MM'), x.day, x."listenerId", x."audioId", x."creatorId", x.plays, x."longPlays", x."heardSeconds"
          FROM jsonb_to_recordset(${JSON.stringify(radio)}::jsonb)
            AS x(day date, "listenerId" text, "audioId" uuid, "creatorId" text, plays int, "longPlays" int, "heardSeconds" int)
      ) u
     GROUP BY month, day, listener_id, audio_id`;
}

/**
 * Folds one day (`dayListening`). Marked in the same transaction: a second fold writes nothing.
 */
export async function foldDay(db: Db, day: string, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = rowsOf<{ day: string }>(
      await tx.execute(sql`
        INSERT INTO earnings_folded_days (day, folded_at) VALUES (${day}::date, ${at.toISOString()}::timestamptz)
        ON CONFLICT DO NOTHING RETURNING day::text AS day`),
    );
    if (marked.length === 0) return false;
    await tx.execute(sql`
      INSERT INTO earnings_listening (month, day, listener_id, audio_id, creator_id, plays, long_plays, heard_seconds)
      ${await dayListening(tx, day)}`);
    return true;
  });
}

/** Days folded before `before` and on or after `since` (the ones a re-fold looks at again). */
export async function foldedDaysSince(db: Exec, since: string, before: Date): Promise<string[]> {
  return rowsOf<{ day: string }>(
    await db.execute(sql`
      SELECT day::text AS day FROM earnings_folded_days
       WHERE day >= ${since}::date AND folded_at < ${before.toISOString()}::timestamptz ORDER BY day`),
  ).map((r) => r.day);
}

/**
 * Folds a folded day again: listening reported since its fold (a late play report, more heard
 * buckets, a radio connection closed late) is added to `earnings_listening` and recorded in
 * `earnings_late_listening` at `at`. Only growth counts (raw rows only ever grow until pruned).
 * Returns the rows that grew.
 */
export async function refoldDay(db: Db, day: string, at: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [r] = rowsOf<{ n: number }>(
      await tx.execute(sql`
      WITH f AS (${await dayListening(tx, day)}),
      d AS (
        SELECT f.month, f.day, f.listener_id, f.audio_id, f.creator_id,
               greatest(f.plays - coalesce(e.plays, 0), 0) AS plays,
               greatest(f.long_plays - coalesce(e.long_plays, 0), 0) AS long_plays,
               greatest(f.heard_seconds - coalesce(e.heard_seconds, 0), 0) AS heard_seconds
          FROM f LEFT JOIN earnings_listening e
            ON e.month = f.month AND e.listener_id = f.listener_id AND e.audio_id = f.audio_id AND e.day = f.day),
      grew AS (SELECT * FROM d WHERE plays > 0 OR long_plays > 0 OR heard_seconds > 0),
      late AS (
        INSERT INTO earnings_late_listening (month, day, listener_id, audio_id, creator_id, plays, long_plays, heard_seconds, found_at)
        SELECT month, day, listener_id, audio_id, creator_id, plays, long_plays, heard_seconds, ${at.toISOString()}::timestamptz
          FROM grew
        RETURNING 1),
      added AS (
        INSERT INTO earnings_listening (month, day, listener_id, audio_id, creator_id, plays, long_plays, heard_seconds)
        SELECT month, day, listener_id, audio_id, creator_id, plays, long_plays, heard_seconds FROM grew
        ON CONFLICT (month, listener_id, audio_id, day) DO UPDATE SET plays = earnings_listening.plays + excluded.plays,
          long_plays = earnings_listening.long_plays + excluded.long_plays,
          heard_seconds = earnings_listening.heard_seconds + excluded.heard_seconds
        RETURNING 1)
      SELECT (SELECT count(*) FROM late)::int AS n, (SELECT count(*) FROM added)::int AS m`),
    );
    return r?.n ?? 0;
  });
}

export async function isClosed(db: Db, month: string): Promise<typeof earningsMonths.$inferSelect | null> {
  const [row] = await db.select().from(earningsMonths).where(eq(earningsMonths.month, month));
  return row ?? null;
}

/** The first month anything could be allocated in (the oldest subscription payment or folded day). */
export async function firstActiveMonth(db: Exec): Promise<string | null> {
  const [r] = rowsOf<{ month: string | null }>(
    await db.execute(sql`
      SELECT to_char(least(
        (SELECT min(occurred_at) FROM payments WHERE purpose = 'subscription' AND kind = 'paid') AT TIME ZONE 'UTC',
        (SELECT min(month) || '-01' FROM earnings_listening)::date::timestamp,
        (SELECT min(at) FROM ad_ledger WHERE kind = 'spend') AT TIME ZONE 'UTC'), 'YYYY-MM') AS month`),
  );
  return r?.month ?? null;
}

export interface FeeRule {
  bps: number;
  fixedCents: number;
}

/**
 * Each paying account's subscription net for the month: payments − the processor's fee (no
 * ledger records it: the configured rate) − affiliate commissions (net of their reversals), plus
 * refunds of payments of this same month (refunds of earlier months are reversals: `refunds`).
 */
export function subscriptionNets(
  tx: Tx,
  start: Date,
  end: Date,
  fee: FeeRule,
): AsyncGenerator<{ payer: string; netCents: number }[]> {
  return streamRows(
    tx,
    'earnings_nets',
    sql`
      WITH p AS (
        SELECT p.id, p.user_id, p.kind, p.amount_cents, p.invoice_id
          FROM payments p
         WHERE p.purpose = 'subscription' AND p.kind IN ('paid', 'refunded') AND p.user_id IS NOT NULL
           AND p.occurred_at >= ${start.toISOString()}::timestamptz AND p.occurred_at < ${end.toISOString()}::timestamptz),
      same AS (
        SELECT p.* FROM p
         WHERE p.kind = 'paid'
            OR NOT EXISTS (SELECT 1 FROM payments o WHERE o.kind = 'paid' AND o.invoice_id = p.invoice_id
                             AND p.invoice_id IS NOT NULL AND o.occurred_at < ${start.toISOString()}::timestamptz)),
      c AS (
        SELECT a.payment_id, sum(a.amount_cents)::bigint AS cents FROM affiliate_ledger a
         WHERE a.kind IN ('commission', 'reversal') AND a.payment_id IN (SELECT id FROM same)
         GROUP BY a.payment_id)
      SELECT same.user_id AS payer,
             (sum(same.amount_cents)
              - sum(CASE WHEN same.kind = 'paid' THEN (same.amount_cents::bigint * ${fee.bps} + 5000) / 10000 + ${fee.fixedCents} ELSE 0 END)
              - coalesce(sum(c.cents), 0))::float8 AS "netCents"
        FROM same LEFT JOIN c ON c.payment_id = same.id
       GROUP BY same.user_id`,
  );
}

/**
 * Refunds (and lost disputes) in the month of payments made in an earlier month: reversals. With
 * the refund's net (what moved: the refund, less the commission the affiliate gave back) and the
 * refunded payment's own amount and commission, so the creators give back their part of it.
 */
export async function earlierRefunds(
  db: Exec,
  start: Date,
  end: Date,
): Promise<
  {
    id: string;
    payer: string;
    refundCents: number;
    refundCommissionCents: number;
    paidCents: number;
    paidCommissionCents: number;
    paidMonth: string;
  }[]
> {
  return rowsOf(
    await db.execute(sql`
      SELECT p.id, p.user_id AS payer, p.amount_cents::float8 AS "refundCents",
             coalesce((SELECT sum(a.amount_cents) FROM affiliate_ledger a
                        WHERE a.payment_id = p.id AND a.kind = 'reversal'), 0)::float8 AS "refundCommissionCents",
             o.amount_cents::float8 AS "paidCents",
             coalesce((SELECT sum(a.amount_cents) FROM affiliate_ledger a
                        WHERE a.payment_id = o.id AND a.kind = 'commission'), 0)::float8 AS "paidCommissionCents",
             to_char(o.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM') AS "paidMonth"
        FROM payments p
        JOIN LATERAL (SELECT id, amount_cents, occurred_at FROM payments o
                       WHERE o.kind = 'paid' AND o.invoice_id = p.invoice_id
                       ORDER BY occurred_at LIMIT 1) o ON true
       WHERE p.purpose = 'subscription' AND p.kind = 'refunded' AND p.user_id IS NOT NULL AND p.invoice_id IS NOT NULL
         AND p.occurred_at >= ${start.toISOString()}::timestamptz AND p.occurred_at < ${end.toISOString()}::timestamptz
         AND o.occurred_at < ${start.toISOString()}::timestamptz
       ORDER BY p.occurred_at, p.id`),
  );
}

/** Charged ad spend (invalid traffic is never charged) on each creator's content in the month, in micro-dollars. */
export async function adMicrosByCreator(db: Exec, start: Date, end: Date): Promise<Map<string, number>> {
  const rows = rowsOf<{ creatorId: string; micros: number }>(
    await db.execute(sql`
      SELECT s.creator_id AS "creatorId", (-sum(l.amount_micros))::float8 AS micros
        FROM ad_ledger l JOIN ad_serves s ON s.id = l.serve_id
       WHERE l.kind = 'spend' AND s.creator_id IS NOT NULL AND s.ivt_reason IS NULL
         AND l.at >= ${start.toISOString()}::timestamptz AND l.at < ${end.toISOString()}::timestamptz
       GROUP BY s.creator_id ORDER BY s.creator_id`),
  );
  return new Map(rows.map((r) => [r.creatorId, r.micros]));
}

/** One paying account's listening of one track (one day of it for the hybrid rule). */
export interface ListeningRow {
  payer: string;
  listenerId?: string;
  audioId: string;
  creatorId: string;
  day: string | null;
  plays: number;
  longPlays: number;
  heardSeconds: number;
}

/** Active family seats: member → the owner who pays for them. */
export async function familySeats(db: Exec): Promise<Map<string, string>> {
  const rows = rowsOf<{ memberId: string; ownerId: string }>(
    await db.execute(sql`SELECT member_id AS "memberId", owner_id AS "ownerId" FROM family_members
                          WHERE status = 'active' AND member_id IS NOT NULL`),
  );
  return new Map(rows.map((r) => [r.memberId, r.ownerId]));
}

/**
 * The month's listening per listener and track (and day, for the hybrid rule), read in batches
 * through a cursor in the primary key's order: PostgreSQL streams it grouped from the index (no
 * sort, no statement longer than one batch), and the month never sits in memory whole.
 */
export function listeningByListener(tx: Tx, month: string, perDay: boolean): AsyncGenerator<ListeningRow[]> {
  return streamRows(
    tx,
    'earnings_listening_cursor',
    sql`
    SELECT l.listener_id AS payer, l.audio_id AS "audioId", max(l.creator_id) AS "creatorId",
           ${perDay ? sql`l.day::text` : sql`NULL::text`} AS day,
           sum(l.plays)::int AS plays, sum(l.long_plays)::int AS "longPlays", sum(l.heard_seconds)::int AS "heardSeconds"
      FROM earnings_listening l
     WHERE l.month = ${month}
     GROUP BY l.listener_id, l.audio_id${perDay ? sql`, l.day` : sql``}
     ORDER BY l.listener_id, l.audio_id${perDay ? sql`, l.day` : sql``}`,
  );
}

/**
 * A query's rows in batches through a cursor (in the caller's transaction): no statement lasts
 * longer than one batch, whatever the month's size, and the rows never sit in memory whole.
 */
export async function* streamRows<T>(tx: Tx, name: string, query: SQL, batch = 20_000): AsyncGenerator<T[]> {
  await tx.execute(sql`DECLARE ${sql.identifier(name)} NO SCROLL CURSOR FOR ${query}`);
  try {
    for (;;) {
      const rows = rowsOf<T>(await tx.execute(sql.raw(`FETCH ${batch} FROM "${name}"`)));
      if (rows.length === 0) return;
      yield rows;
    }
  } finally {
    await tx.execute(sql`CLOSE ${sql.identifier(name)}`);
  }
}

/** One paying account's listening in a month, its family's included (a reversal splits by it). */
export async function listeningOfPayer(db: Exec, payer: string, month: string): Promise<ListeningRow[]> {
  return rowsOf<ListeningRow>(
    await db.execute(sql`
      SELECT ${payer} AS payer, l.listener_id AS "listenerId", l.audio_id AS "audioId", l.creator_id AS "creatorId", l.day::text AS day,
             l.plays, l.long_plays AS "longPlays", l.heard_seconds AS "heardSeconds"
        FROM earnings_listening l
       WHERE l.month = ${month}
         AND (l.listener_id = ${payer} OR l.listener_id IN
              (SELECT member_id FROM family_members WHERE owner_id = ${payer} AND status = 'active'))
       ORDER BY l.day, l.audio_id`),
  );
}

/** The rule and platform share a closed month was allocated under (null: not closed). */
export async function monthTerms(
  db: Exec,
  month: string,
): Promise<{ rule: EarningsRule; platformShareBps: number } | null> {
  const [r] = rowsOf<{ rule: EarningsRule; platformShareBps: number }>(
    await db.execute(
      sql`SELECT rule, platform_share_bps AS "platformShareBps" FROM earnings_months WHERE month = ${month}`,
    ),
  );
  return r ?? null;
}

export type NewEntry = typeof earningsLedger.$inferInsert;
export type NewCreatorMonth = typeof earningsCreatorMonths.$inferInsert;
export type NewMonth = typeof earningsMonths.$inferInsert;

/** The close's writes, in its transaction; the month row first, so a concurrent close fails on its key. */
export async function writeClose(
  tx: Tx,
  month: NewMonth,
  entries: NewEntry[],
  creators: NewCreatorMonth[],
): Promise<boolean> {
  const inserted = await tx
    .insert(earningsMonths)
    .values(month)
    .onConflictDoNothing()
    .returning({ month: earningsMonths.month });
  if (inserted.length === 0) return false;
  // Many rows per statement as one JSON parameter: a month has one entry per paid track.
  for (let i = 0; i < entries.length; i += WRITE_BATCH) {
    const rows = entries.slice(i, i + WRITE_BATCH).map((e) => ({
      creator_id: e.creatorId,
      month: e.month,
      kind: e.kind,
      source: e.source,
      audio_id: e.audioId ?? null,
      rule: e.rule,
      amount_cents: e.amountCents,
      subscribers: e.subscribers ?? 0,
      payment_id: e.paymentId ?? null,
      occurred_at: (e.occurredAt as Date).toISOString(),
      available_at: (e.availableAt as Date).toISOString(),
      created_at: (e.createdAt as Date).toISOString(),
    }));
    await tx.execute(sql`
      INSERT INTO earnings_ledger (creator_id, month, kind, source, audio_id, rule, amount_cents, subscribers, payment_id,
                                   occurred_at, available_at, created_at)
      SELECT creator_id, month, kind, source, audio_id, rule, amount_cents, subscribers, payment_id,
             occurred_at, available_at, created_at
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(
          creator_id text, month text, kind text, source text, audio_id uuid, rule text, amount_cents bigint,
          subscribers int, payment_id uuid, occurred_at timestamptz, available_at timestamptz, created_at timestamptz)`);
  }
  for (let i = 0; i < creators.length; i += WRITE_BATCH) {
    const rows = creators.slice(i, i + WRITE_BATCH).map((c) => ({
      month: c.month,
      creator_id: c.creatorId,
      rule: c.rule,
      earned_cents: c.earnedCents,
      subscription_cents: c.subscriptionCents,
      ad_cents: c.adCents,
      reversal_cents: c.reversalCents,
      pro_rata_cents: c.proRataCents,
      subscribers: c.subscribers,
      plays: c.plays,
      heard_seconds: c.heardSeconds,
    }));
    await tx.execute(sql`
      INSERT INTO earnings_creator_months (month, creator_id, rule, earned_cents, subscription_cents, ad_cents,
                                           reversal_cents, pro_rata_cents, subscribers, plays, heard_seconds)
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(
        month text, creator_id text, rule text, earned_cents bigint, subscription_cents bigint, ad_cents bigint,
        reversal_cents bigint, pro_rata_cents bigint, subscribers int, plays int, heard_seconds bigint)`);
  }
  return true;
}

const WRITE_BATCH = 10_000;

/**
 * For each row of a `late` CTE (payer, paid_month): that account's subscription payments of that
 * month, with refunds of them (by invoice) made in the same month: the payments its net is read from.
 */
const LATE_MONTH_PAYMENTS = sql`
        SELECT late.payer, late.paid_month, p.id, p.kind, p.amount_cents
          FROM late JOIN payments p ON p.user_id = late.payer AND p.purpose = 'subscription' AND p.kind IN ('paid', 'refunded')
           AND to_char(p.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM') = late.paid_month
         WHERE p.kind = 'paid'
            OR EXISTS (SELECT 1 FROM payments o WHERE o.kind = 'paid' AND o.invoice_id = p.invoice_id AND p.invoice_id IS NOT NULL
                         AND to_char(o.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM') = late.paid_month)`;
/**
 * Affiliate commissions (or their reversals) booked since the last close on subscription payments
 * of months already closed: late, so not in those months' nets. Per paying account and paid month:
 * the month's net before commissions (payments − the fee, same-month refunds included) and the
 * commissions booked up to the window's start and up to now, so the close re-allocates the
 * difference (an adjusting entry, append-only, in this month).
 */
export async function lateCommissions(
  db: Exec,
  month: string,
  now: Date,
  fee: FeeRule,
): Promise<
  { payer: string; paidMonth: string; paymentId: string; baseCents: number; before: number; after: number }[]
> {
  return rowsOf(
    await db.execute(sql`
      WITH prev AS (SELECT coalesce(max(closed_at), '-infinity'::timestamptz) AS at FROM earnings_months WHERE month < ${month}),
      late AS (
        SELECT p.user_id AS payer, m.month AS paid_month, greatest(m.closed_at, prev.at) AS since, min(p.id::text) AS payment_id
          FROM affiliate_ledger a
          JOIN payments p ON p.id = a.payment_id AND p.purpose = 'subscription' AND p.kind = 'paid' AND p.user_id IS NOT NULL
          JOIN earnings_months m ON m.month = to_char(p.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM')
          CROSS JOIN prev
         WHERE a.kind IN ('commission', 'reversal') AND m.month < ${month}
           AND a.created_at > greatest(m.closed_at, prev.at) AND a.created_at <= ${now.toISOString()}::timestamptz
         GROUP BY p.user_id, m.month, m.closed_at, prev.at),
      pay AS (${LATE_MONTH_PAYMENTS})
      SELECT late.payer, late.paid_month AS "paidMonth", late.payment_id AS "paymentId",
             (SELECT coalesce(sum(pay.amount_cents - CASE WHEN pay.kind = 'paid'
                       THEN (pay.amount_cents::bigint * ${fee.bps} + 5000) / 10000 + ${fee.fixedCents} ELSE 0 END), 0)
                FROM pay WHERE pay.payer = late.payer AND pay.paid_month = late.paid_month)::float8 AS "baseCents",
             coalesce(sum(a.amount_cents) FILTER (WHERE a.created_at <= late.since), 0)::float8 AS before,
             coalesce(sum(a.amount_cents) FILTER (WHERE a.created_at <= ${now.toISOString()}::timestamptz), 0)::float8 AS after
        FROM late
        JOIN pay ON pay.payer = late.payer AND pay.paid_month = late.paid_month
        JOIN affiliate_ledger a ON a.payment_id = pay.id AND a.kind IN ('commission', 'reversal')
       GROUP BY late.payer, late.paid_month, late.payment_id, late.since
       ORDER BY late.paid_month, late.payer`),
  );
}

/**
 * Paying accounts whose listening of an already closed month grew after it closed (late listening
 * found by a re-fold since that month's close and since the previous close, up to `now`): the
 * account, that month, the window's start, its first payment of that month (the adjusting
 * entries' `payment_id`) and its net then (payments − fees + same-month refunds − commissions).
 * Pro-rata months are left out: there a late play moves every track's share of the pool.
 */
export async function lateListeners(
  db: Exec,
  month: string,
  now: Date,
  fee: FeeRule,
): Promise<{ payer: string; paidMonth: string; since: string; paymentId: string; netCents: number }[]> {
  return rowsOf(
    await db.execute(sql`
      WITH prev AS (SELECT coalesce(max(closed_at), '-infinity'::timestamptz) AS at FROM earnings_months WHERE month < ${month}),
      late AS (
        SELECT DISTINCT who.payer, m.month AS paid_month, greatest(m.closed_at, prev.at) AS since
          FROM earnings_late_listening l
          JOIN earnings_months m ON m.month = l.month AND m.rule <> 'pro-rata'
          CROSS JOIN prev
          LEFT JOIN family_members f ON f.member_id = l.listener_id AND f.status = 'active'
          -- The plan's owner, and the listener too: a Family member who also paid splits their own
          -- payment by their own listening (ADR 0077); \`pay\` keeps only those who paid.
          CROSS JOIN LATERAL (VALUES (coalesce(f.owner_id, l.listener_id)), (l.listener_id)) who(payer)
         WHERE m.month < ${month} AND l.found_at > greatest(m.closed_at, prev.at)
           AND l.found_at <= ${now.toISOString()}::timestamptz),
      pay AS (${LATE_MONTH_PAYMENTS})
      SELECT late.payer, late.paid_month AS "paidMonth", late.since::text AS since,
             (SELECT min(pay.id::text) FROM pay WHERE pay.payer = late.payer AND pay.paid_month = late.paid_month AND pay.kind = 'paid')
               AS "paymentId",
             ((SELECT coalesce(sum(pay.amount_cents - CASE WHEN pay.kind = 'paid'
                       THEN (pay.amount_cents::bigint * ${fee.bps} + 5000) / 10000 + ${fee.fixedCents} ELSE 0 END), 0)
                 FROM pay WHERE pay.payer = late.payer AND pay.paid_month = late.paid_month)
              - (SELECT coalesce(sum(a.amount_cents), 0) FROM affiliate_ledger a
                  WHERE a.kind IN ('commission', 'reversal')
                    AND a.payment_id IN (SELECT pay.id FROM pay WHERE pay.payer = late.payer AND pay.paid_month = late.paid_month)))::float8
               AS "netCents"
        FROM late
       WHERE EXISTS (SELECT 1 FROM pay WHERE pay.payer = late.payer AND pay.paid_month = late.paid_month AND pay.kind = 'paid')
       ORDER BY late.paid_month, late.payer`),
  );
}

/** What re-folds added to a paying account's listening of `month` after `since` (its listeners' rows). */
export async function lateListeningOfPayer(
  db: Exec,
  payer: string,
  month: string,
  since: string,
): Promise<ListeningRow[]> {
  return rowsOf<ListeningRow>(
    await db.execute(sql`
      SELECT ${payer} AS payer, l.listener_id AS "listenerId", l.audio_id AS "audioId", l.creator_id AS "creatorId", l.day::text AS day,
             sum(l.plays)::int AS plays, sum(l.long_plays)::int AS "longPlays", sum(l.heard_seconds)::int AS "heardSeconds"
        FROM earnings_late_listening l
       WHERE l.month = ${month} AND l.found_at > ${since}::timestamptz
         AND (l.listener_id = ${payer} OR l.listener_id IN
              (SELECT member_id FROM family_members WHERE owner_id = ${payer} AND status = 'active'))
       GROUP BY l.listener_id, l.audio_id, l.creator_id, l.day`),
  );
}
