import { EARNINGS_HYBRID_PLAY_CAP, type EarningsRule } from '@wavecast/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FeeRule, Tx } from './close-repo';

/**
 * The month close's subscription allocation, set-wise in PostgreSQL (ADR 0064): the same splits as
 * the pure `MonthRun` (month-run.ts, the reference the equality test holds this to), computed where
 * the rows are instead of streaming every listening row through Node. Temporary tables live for the
 * close's transaction. The month's paying accounts are taken in chunks of listener ids, one
 * statement each, so no statement outlasts the server's statement and query timeouts whatever the
 * month's size; Family plans (their members' rows are not in their owner's id range) are taken in
 * chunks of owners the same way, each owner's seats read through `earn_seats`' owner index
 * (ADR 0077: in one statement, a million Family listeners would pass the statement timeout).
 *
 * Integer arithmetic only: each split is floor + largest remainder (ties: the smaller track id, as
 * `byId` orders them in JS), and every chunk checks that what it gave is what its payers owed.
 */

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** Told each phase of the close and how long it took (the bench prints them); a no-op by default. */
export type CloseTrace = (phase: string, ms: number) => void;
export const noTrace: CloseTrace = () => {};

/** Runs `step`, telling `trace` how long it took under `phase`. */
export async function timed<T>(trace: CloseTrace, phase: string, step: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  try {
    return await step();
  } finally {
    trace(phase, performance.now() - t0);
  }
}

/**
 * Paying accounts in the first chunk (~10 listening rows each): a fraction of a second of CPU, under
 * the 15 s statement timeout even with 1/25 of a core (a shared machine); later chunks grow or
 * shrink towards CHUNK_TARGET_MS.
 */
export const CLOSE_CHUNK_PAYERS = 1000;
const CHUNK_TARGET_MS = 2000;
const MIN_CHUNK = 250;
const MAX_CHUNK = 40_000;
/** Payers per statement of the nets, and rows per statement of the writes. */
const NETS_CHUNK = 50_000;
const WRITE_CHUNK = 10_000;
/** Partial rows summed into the accumulators in one go (a second or two of hashing). */
const FOLD_PARTS = 1_000_000;

/**
 * Each paying account's net for the month (payments − the processor's fee − affiliate commissions,
 * + refunds of payments of this same month) and the creators' part of it (`platformSplit`), and
 * each Family listener → the account that pays for them. Returns the month's net and payers.
 */
export async function loadUnits(
  tx: Tx,
  start: Date,
  end: Date,
  fee: FeeRule,
  platformShareBps: number,
  trace: CloseTrace = noTrace,
): Promise<{ unitsNetCents: number; payers: number }> {
  // The chunks' sorts and aggregates in memory (a few MB each), not spilled to disk.
  await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
  // The temporary tables (~100 MB at 1M accounts) in the session's own buffers rather than written
  // out and read back through 8 MB. PostgreSQL refuses the setting once the session has touched a
  // temporary table (an earlier close on this pooled connection): then the default stays.
  await tx
    .transaction(async (sp) => {
      await sp.execute(sql`SET temp_buffers = '256MB'`);
    })
    .catch(() => {});
  // Each Family listener → the account that pays for them (owners seated with themselves), first:
  // the nets mark each paying account's seat as they write it.
  await timed(trace, 'seats', async () => {
    await tx.execute(
      sql`CREATE TEMP TABLE earn_seats (listener_id text PRIMARY KEY, payer text NOT NULL) ON COMMIT DROP`,
    );
    // Members, then each owner once (a hash of owners, not a sort of every seat as a UNION did).
    await tx.execute(sql`
      INSERT INTO earn_seats (listener_id, payer)
      SELECT member_id, owner_id FROM family_members WHERE status = 'active' AND member_id IS NOT NULL
      UNION ALL
      SELECT DISTINCT owner_id, owner_id FROM family_members WHERE status = 'active' AND member_id IS NOT NULL
      ON CONFLICT DO NOTHING`);
    // A families chunk reads its owners' seats by this index (a range of owners, not every seat).
    await tx.execute(sql`CREATE INDEX ON earn_seats (payer, listener_id)`);
    await tx.execute(sql`ANALYZE earn_seats`);
  });
  // `seat`: the Family plan's owner when the account has a seat in one (its own id for the owner),
  // else null. The chunks' keysets are read from it: accounts (no seat), owners, paying members.
  await tx.execute(sql`CREATE TEMP TABLE earn_units (payer text PRIMARY KEY, net bigint NOT NULL, pot bigint NOT NULL,
                         seat text) ON COMMIT DROP`);
  // In chunks of payers (keyset on payments' (user_id, occurred_at) index): no statement reads the month whole.
  const inMonth = sql`p.purpose = 'subscription' AND p.kind IN ('paid', 'refunded') AND p.user_id IS NOT NULL
         AND p.occurred_at >= ${start.toISOString()}::timestamptz AND p.occurred_at < ${end.toISOString()}::timestamptz`;
  // Refunds in the month of payments of earlier months (reversals, not this month's nets), found
  // once: `invoice_id` has no index, so a lookup per chunk read every payment for each chunk.
  const t0 = performance.now();
  await tx.execute(sql`CREATE TEMP TABLE earn_earlier_refunds (id uuid PRIMARY KEY) ON COMMIT DROP`);
  await tx.execute(sql`
    INSERT INTO earn_earlier_refunds (id)
    SELECT p.id FROM payments p
     WHERE ${inMonth} AND p.kind = 'refunded' AND p.invoice_id IS NOT NULL
       AND EXISTS (SELECT 1 FROM payments o WHERE o.kind = 'paid' AND o.invoice_id = p.invoice_id
                     AND o.occurred_at < ${start.toISOString()}::timestamptz)`);
  await tx.execute(sql`ANALYZE earn_earlier_refunds`);
  trace('earlier refunds', performance.now() - t0);
  // Each chunk [from, to): `to` the payer ~NETS_CHUNK of the month's payments on, read from the
  // (user_id, occurred_at) index alone (a bound needs no row; reading the rows for their kind and
  // purpose was most of each chunk's time). Always > `from`, so every chunk moves on.
  for (let from: string | null = ''; from !== null; ) {
    const c0 = performance.now();
    const lo: string = from;
    const [b]: ({ bound: string } | undefined)[] = rowsOf<{ bound: string }>(
      await tx.execute(sql`
        SELECT p.user_id AS bound FROM payments p
         WHERE p.user_id > ${lo} AND p.occurred_at >= ${start.toISOString()}::timestamptz
           AND p.occurred_at < ${end.toISOString()}::timestamptz
         ORDER BY p.user_id OFFSET ${NETS_CHUNK - 1} LIMIT 1`),
    );
    const to = b?.bound ?? null;
    const range = sql`p.user_id >= ${lo} ${to === null ? sql`` : sql`AND p.user_id < ${to}`}`;
    await tx.execute(sql`
    INSERT INTO earn_units (payer, net, pot, seat)
    WITH p AS (
      SELECT p.id, p.user_id, p.kind, p.amount_cents, p.invoice_id
        FROM payments p
       WHERE ${inMonth} AND ${range}),
    same AS (SELECT p.* FROM p WHERE NOT EXISTS (SELECT 1 FROM earn_earlier_refunds e WHERE e.id = p.id)),
    c AS (
      SELECT a.payment_id, sum(a.amount_cents)::bigint AS cents FROM affiliate_ledger a
       WHERE a.kind IN ('commission', 'reversal') AND a.payment_id IN (SELECT id FROM same)
       GROUP BY a.payment_id),
    n AS (
      SELECT same.user_id AS payer,
             (sum(same.amount_cents)::bigint
             - sum(CASE WHEN same.kind = 'paid' THEN (same.amount_cents::bigint * ${fee.bps} + 5000) / 10000 + ${fee.fixedCents} ELSE 0 END)
             - coalesce(sum(c.cents), 0))::bigint AS net
        FROM same LEFT JOIN c ON c.payment_id = same.id
       GROUP BY same.user_id)
    SELECT n.payer, n.net, ${creatorsPart(sql`n.net`, platformShareBps)}, s.payer
      FROM n LEFT JOIN earn_seats s ON s.listener_id = n.payer`);
    trace('nets chunk', performance.now() - c0);
    from = to;
  }
  // The Family plans' owners who paid this month (the families chunks' keyset), and Family members
  // who also paid (ADR 0077: their own payment is split by their own listening in chunks of their
  // own, as any account's; their listening also counts for the owner).
  await timed(trace, 'keysets', async () => {
    await tx.execute(sql`CREATE TEMP TABLE earn_owners (payer text PRIMARY KEY) ON COMMIT DROP`);
    await tx.execute(sql`INSERT INTO earn_owners (payer) SELECT payer FROM earn_units WHERE seat = payer AND net > 0`);
    await tx.execute(sql`CREATE TEMP TABLE earn_members (payer text PRIMARY KEY) ON COMMIT DROP`);
    await tx.execute(
      sql`INSERT INTO earn_members (payer) SELECT payer FROM earn_units WHERE seat <> payer AND net > 0`,
    );
    // Temporary tables get no statistics from autovacuum: without them the chunks' plans guess.
    for (const t of ['earn_units', 'earn_owners', 'earn_members']) await tx.execute(sql`ANALYZE ${sql.raw(t)}`);
  });
  const [r] = rowsOf<{ net: number; payers: number }>(
    await tx.execute(sql`SELECT coalesce(sum(net), 0)::float8 AS net, count(*)::int AS payers FROM earn_units`),
  );
  return { unitsNetCents: r?.net ?? 0, payers: r?.payers ?? 0 };
}

/**
 * `platformSplit(net).creators` in SQL: floor of the creators' share, and the odd cent when the
 * creators' remainder is strictly larger (a tie goes to the platform, the first weight); ≤ 0: none.
 */
function creatorsPart(net: SQL, bps: number): SQL {
  const b = sql.raw(String(Math.trunc(bps)));
  const c = sql.raw(String(10_000 - Math.trunc(bps)));
  return sql`CASE WHEN ${net} <= 0 THEN 0 ELSE ${net} * ${c} / 10000
    + CASE WHEN ${net} - ${net} * ${b} / 10000 - ${net} * ${c} / 10000 = 1
            AND (${net} * ${c}) % 10000 > (${net} * ${b}) % 10000 AND ${c} > 0 THEN 1 ELSE 0 END END`;
}

export interface ChunkTotals {
  /** Paying accounts (net > 0) with listening rows, and those of them given a share. */
  seen: number;
  listening: number;
  given: number;
  owed: number;
  /** Per-track partial sums the chunk appended (folded into the accumulators now and then). */
  parts: number;
}

/**
 * What a chunk takes: accounts outside any Family plan by their own id (their listening is theirs),
 * Family plans by their owner's id (the owner's and every member's listening, paid by the owner),
 * or Family members who also paid, by their own id (their own payment, split by their own
 * listening; its plays and heard seconds are counted with the plan, not a second time).
 */
export type ChunkKind = 'accounts' | 'families' | 'members';
/** A chunk's payers: from `from` (inclusive) to `to` (exclusive; null: to the end). */
export interface ChunkRange {
  from: string;
  to: string | null;
}

const inRange = (column: SQL, range: ChunkRange) =>
  sql`${column} >= ${range.from} ${range.to === null ? sql`` : sql`AND ${column} < ${range.to}`}`;

/**
 * The listening rows of one chunk (payer, listener, track, day, figures): accounts in the listening
 * key's order, so they group without a sort; a families chunk through its owners' seats. The
 * accounts' nets join after grouping.
 */
function chunkRows(month: string, kind: ChunkKind, range: ChunkRange): SQL {
  if (kind === 'families') {
    return sql`
      SELECT s.payer, l.listener_id AS listener, l.audio_id, l.creator_id, l.day, l.plays, l.long_plays, l.heard_seconds
        FROM earn_seats s
        JOIN earnings_listening l ON l.month = ${month} AND l.listener_id = s.listener_id
       WHERE ${inRange(sql`s.payer`, range)}`;
  }
  if (kind === 'members') {
    return sql`
      SELECT m.payer, l.listener_id AS listener, l.audio_id, l.creator_id, l.day, l.plays, l.long_plays, l.heard_seconds
        FROM earn_members m
        JOIN earnings_listening l ON l.month = ${month} AND l.listener_id = m.payer
       WHERE ${inRange(sql`m.payer`, range)}`;
  }
  return sql`
    SELECT l.listener_id AS payer, l.listener_id AS listener, l.audio_id, l.creator_id, l.day, l.plays, l.long_plays,
           l.heard_seconds
      FROM earn_units u
      JOIN earnings_listening l ON l.month = ${month} AND l.listener_id = u.payer
     WHERE ${inRange(sql`u.payer`, range)} AND u.net > 0 AND u.seat IS NULL AND ${inRange(sql`l.listener_id`, range)}`;
}

/**
 * Each row's weight under the rule (before the per-account split): heard seconds (user-centric),
 * the listener's long plays capped at EARNINGS_HYBRID_PLAY_CAP a month in day order, the crossing
 * day's rest split by largest remainder (hybrid, as `hybridWeights`), none (pro-rata: pooled).
 */
function weighted(rule: EarningsRule): SQL {
  if (rule === 'user-centric') return sql`SELECT r.*, r.heard_seconds::bigint AS w FROM r`;
  if (rule === 'pro-rata') return sql`SELECT r.*, 0::bigint AS w FROM r`;
  const cap = sql.raw(String(EARNINGS_HYBRID_PLAY_CAP));
  return sql`
    SELECT x.*, x.fl + CASE WHEN x.rm > 0 AND row_number() OVER (PARTITION BY x.listener, x.day ORDER BY x.rm DESC, x.audio_id)
                                  <= x.rest - sum(x.fl) OVER (PARTITION BY x.listener, x.day) THEN 1 ELSE 0 END AS w
      FROM (SELECT d.*,
                   CASE WHEN d.cum <= ${cap} THEN d.long_plays::bigint
                        WHEN d.cum - d.dt <= ${cap} THEN (${cap} - (d.cum - d.dt)) * d.long_plays / d.dt ELSE 0 END AS fl,
                   CASE WHEN d.cum > ${cap} AND d.cum - d.dt <= ${cap} THEN (${cap} - (d.cum - d.dt)) * d.long_plays % d.dt
                        ELSE 0 END AS rm,
                   ${cap} - (d.cum - d.dt) AS rest
              FROM (SELECT r.*, sum(r.long_plays) OVER (PARTITION BY r.listener, r.day) AS dt,
                           sum(r.long_plays) OVER (PARTITION BY r.listener ORDER BY r.day
                                                   RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS cum
                      FROM r) d) x`;
}

/**
 * One chunk: every account's creators' part split among the tracks it weighted, by largest
 * remainder; its sums per track (and creator) appended to `earn_part` (payers are in one chunk
 * only, so the sums over chunks are the month's). A creator's distinct paying listeners are counted
 * by flagging each payer's first paid track of that creator (`firsts`, summed per creator at the
 * fold): a per-chunk `count(DISTINCT payer)` sorted every row again (a third of a chunk). Appended, not upserted
 * into the accumulators: in one transaction every update leaves a dead version nothing can prune,
 * and a close that upserted ~200,000 tracks per chunk spent most of its time walking them.
 */
export async function allocateChunk(
  tx: Tx,
  month: string,
  rule: EarningsRule,
  kind: ChunkKind,
  range: ChunkRange,
): Promise<ChunkTotals> {
  const [t] = rowsOf<ChunkTotals>(
    await tx.execute(sql`
    WITH r AS (${chunkRows(month, kind, range)}),
    h AS (${weighted(rule)}),
    g AS (
      SELECT payer, audio_id, max(creator_id) AS creator_id, sum(w)::bigint AS w, sum(plays)::bigint AS plays,
             sum(heard_seconds)::bigint AS heard
        FROM h GROUP BY payer, audio_id),
    -- The chunk's accounts by a range the planner reads by the key: without it every chunk hashed
    -- every account of the month (1 s a chunk at 1M accounts).
    pt AS (SELECT g.*, u.pot FROM g JOIN earn_units u ON u.payer = g.payer AND u.net > 0 AND ${inRange(sql`u.payer`, range)}),
    f AS (
      SELECT s.*, CASE WHEN s.w > 0 THEN s.pot * s.w / s.tw ELSE 0 END AS fl,
             CASE WHEN s.w > 0 THEN s.pot * s.w % s.tw ELSE 0 END AS rm
        FROM (SELECT pt.*, (sum(pt.w) OVER (PARTITION BY pt.payer))::bigint AS tw FROM pt) s),
    c AS (
      SELECT f.payer, f.audio_id, f.creator_id, f.plays, f.heard, f.pot, f.tw,
             f.fl + CASE WHEN f.rm > 0 AND row_number() OVER (PARTITION BY f.payer ORDER BY f.rm DESC, f.audio_id)
                              <= f.pot - sum(f.fl) OVER (PARTITION BY f.payer) THEN 1 ELSE 0 END AS cents
        FROM f),
    sh AS (
      SELECT c.*, (c.cents <> 0 AND row_number() OVER (PARTITION BY c.payer, c.creator_id COLLATE "C"
                                                       ORDER BY (c.cents <> 0) DESC, c.audio_id) = 1)::int AS first
        FROM c),
    tracks AS (
      INSERT INTO earn_part (audio_id, creator_id, cents, subscribers, plays, heard, firsts)
      SELECT audio_id, creator_id, sum(cents), count(*) FILTER (WHERE cents <> 0),
             ${kind === 'members' ? sql`0, 0` : sql`sum(plays), sum(heard)`}, sum(first)
        FROM sh GROUP BY audio_id, creator_id
      RETURNING 1),
    payers AS (
      SELECT payer, max(pot) AS pot, max(tw) AS tw, sum(cents) AS cents FROM sh GROUP BY payer)
    SELECT count(*)::int AS seen, count(*) FILTER (WHERE cents <> 0)::int AS listening,
           coalesce(sum(cents), 0)::float8 AS given, coalesce(sum(pot) FILTER (WHERE tw > 0), 0)::float8 AS owed,
           (SELECT count(*)::int FROM tracks) AS parts
      FROM payers`),
  );
  return t as ChunkTotals;
}

/**
 * The subscription allocation of the month: accumulators, the chunks, and the pro-rata pool
 * (`poolCreatorsCents`, the creators' part of subscriptions + ads) split by plays across every
 * track (the counterfactual, and the pro-rata rule's own entries). Throws when a chunk did not add
 * up (the transaction, and the month, are then not written).
 */
export async function allocateSubscriptions(
  tx: Tx,
  month: string,
  rule: EarningsRule,
  chunkPayers?: number,
  trace: CloseTrace = noTrace,
): Promise<{ seen: number; listening: number; givenCents: number }> {
  // A size given (tests): kept; else adapted to how long chunks take.
  const adaptive = chunkPayers === undefined;
  chunkPayers ??= CLOSE_CHUNK_PAYERS;
  // No key until the last fold (each fold writes it anew); then one, for the pool's and the writes' keyset reads.
  await tx.execute(sql`CREATE TEMP TABLE earn_acc (audio_id uuid NOT NULL, creator_id text NOT NULL, cents bigint NOT NULL,
                         subscribers bigint NOT NULL, plays bigint NOT NULL) ON COMMIT DROP`);
  await tx.execute(sql`CREATE TEMP TABLE earn_acc_creators (creator_id text PRIMARY KEY, subscribers bigint NOT NULL,
                         plays bigint NOT NULL, heard bigint NOT NULL, sub bigint NOT NULL DEFAULT 0,
                         ads bigint NOT NULL DEFAULT 0, rev bigint NOT NULL DEFAULT 0, pr bigint NOT NULL DEFAULT 0)
                         ON COMMIT DROP`);
  await tx.execute(sql`CREATE TEMP TABLE earn_part (audio_id uuid NOT NULL, creator_id text NOT NULL, cents bigint NOT NULL,
                         subscribers bigint NOT NULL, plays bigint NOT NULL, heard bigint NOT NULL, firsts bigint NOT NULL)
                         ON COMMIT DROP`);
  // The partials summed into the accumulators (tracks rebuilt, creators upserted) and emptied:
  // whenever they pass FOLD_PARTS rows (no statement sums too many) and at the end.
  let parts = 0;
  const fold = () =>
    timed(trace, 'partials folded', async () => {
      // The tracks' accumulator rebuilt as its sum with the partials, not upserted: an upsert probed
      // and rewrote every track (~3 µs a partial at 1M accounts, the dead versions kept).
      await tx.execute(sql`CREATE TEMP TABLE earn_acc_next (LIKE earn_acc) ON COMMIT DROP`);
      await tx.execute(sql`
        INSERT INTO earn_acc_next (audio_id, creator_id, cents, subscribers, plays)
        SELECT audio_id, max(creator_id), sum(cents), sum(subscribers), sum(plays)
          FROM (SELECT audio_id, creator_id, cents, subscribers, plays FROM earn_acc
                UNION ALL SELECT audio_id, creator_id, cents, subscribers, plays FROM earn_part) x
         GROUP BY audio_id`);
      await tx.execute(sql`DROP TABLE earn_acc`);
      await tx.execute(sql`ALTER TABLE earn_acc_next RENAME TO earn_acc`);
      await tx.execute(sql`
        INSERT INTO earn_acc_creators (creator_id, subscribers, plays, heard)
        SELECT creator_id, sum(firsts), sum(plays), sum(heard) FROM earn_part GROUP BY creator_id
        ON CONFLICT (creator_id) DO UPDATE SET subscribers = earn_acc_creators.subscribers + excluded.subscribers,
          plays = earn_acc_creators.plays + excluded.plays, heard = earn_acc_creators.heard + excluded.heard`);
      await tx.execute(sql`TRUNCATE earn_part`);
      parts = 0;
    });
  // Chunks of paying accounts (net > 0) not in a family (no `seat`), in id order, each bound
  // found by keyset; then Family plans by their owner's id (`earn_owners`: owners who paid), the same way; then the
  // Family members who also paid (`earn_members`), their own payments.
  // Their size follows the machine: a chunk aims at ~2 s, far under the statement timeout even when
  // a loaded machine slows one down 5-fold (a fixed size either times out or crawls).
  const keyset = {
    accounts: sql`(SELECT payer FROM earn_units WHERE net > 0 AND seat IS NULL)`,
    families: sql`earn_owners`,
    members: sql`earn_members`,
  } as const;
  const nextBound = async (kind: ChunkKind, from: string, first: boolean, size: number): Promise<string | null> => {
    const after = sql`${first ? sql`>` : sql`>=`} ${from}`;
    const rows: { payer: string }[] = rowsOf(
      await tx.execute(sql`SELECT o.payer FROM ${keyset[kind]} o WHERE o.payer ${after}
                            ORDER BY o.payer OFFSET ${first ? 0 : size} LIMIT 1`),
    );
    return rows[0]?.payer ?? null;
  };
  const sum = { seen: 0, listening: 0, givenCents: 0 };
  const add = (t: ChunkTotals) => {
    if (t.given !== t.owed) {
      throw new Error(`earnings: a chunk of ${month} does not add up (${t.given} given, ${t.owed} owed)`);
    }
    sum.seen += t.seen;
    sum.listening += t.listening;
    sum.givenCents += t.given;
    parts += t.parts;
  };
  const phase = { accounts: 'split chunk', families: 'split families chunk', members: 'split members chunk' } as const;
  for (const kind of ['accounts', 'families', 'members'] as const) {
    // A Family plan brings its owner's and 2–5 members' rows: its chunks start again from the first size.
    let size = chunkPayers;
    for (let from = await nextBound(kind, '', true, size); from !== null; ) {
      const lo = from;
      const to = await timed(trace, 'split bound', () => nextBound(kind, lo, false, size));
      const started = performance.now();
      add(await allocateChunk(tx, month, rule, kind, { from, to }));
      const ms = performance.now() - started;
      trace(`${phase[kind]} (${size} payers)`, ms);
      if (adaptive) {
        if (ms > CHUNK_TARGET_MS * 2) size = Math.max(MIN_CHUNK, Math.floor(size / 2));
        else if (ms < CHUNK_TARGET_MS / 2) size = Math.min(MAX_CHUNK, size * 2);
      }
      from = to;
      if (parts >= FOLD_PARTS) await fold();
    }
  }
  await fold();
  await timed(trace, 'analyze accumulators', async () => {
    await tx.execute(sql`ALTER TABLE earn_acc ADD PRIMARY KEY (audio_id)`);
    await tx.execute(sql`ANALYZE earn_acc`);
    await tx.execute(sql`ANALYZE earn_acc_creators`);
  });
  return sum;
}

/** The pooled split (pro-rata) of `poolCents` by each track's plays; returns what it gave. */
export async function splitPoolByPlays(tx: Tx, poolCents: number, trace: CloseTrace = noTrace): Promise<number> {
  await tx.execute(sql`CREATE TEMP TABLE earn_pool (audio_id uuid PRIMARY KEY, creator_id text NOT NULL,
                         cents bigint NOT NULL, rm numeric NOT NULL) ON COMMIT DROP`);
  const [tot] = rowsOf<{ p: string | null }>(
    await tx.execute(sql`SELECT sum(plays)::text AS p FROM earn_acc WHERE plays > 0`),
  );
  const plays = sql`${tot?.p ?? '0'}::numeric`;
  // Floors and remainders in keyset chunks of tracks; then the odd cents to the largest remainders
  // (ties: the smaller track id) by one bounded top-N, never a sort of every track in one statement.
  for (let last: string | null = null; ; ) {
    const t0 = performance.now();
    const [r]: ({ n: number; last: string | null } | undefined)[] = rowsOf<{ n: number; last: string | null }>(
      await tx.execute(sql`
        WITH ins AS (
          INSERT INTO earn_pool (audio_id, creator_id, cents, rm)
          SELECT audio_id, creator_id,
                 CASE WHEN plays > 0 THEN div(${poolCents}::numeric * plays, ${plays}) ELSE 0 END,
                 CASE WHEN plays > 0 THEN mod(${poolCents}::numeric * plays, ${plays}) ELSE 0 END
            FROM earn_acc ${last === null ? sql`` : sql`WHERE audio_id > ${last}::uuid`}
           ORDER BY audio_id LIMIT ${WRITE_CHUNK}
          RETURNING audio_id)
        SELECT count(*)::int AS n, max(audio_id::text) AS last FROM ins`),
    );
    trace('pool chunk', performance.now() - t0);
    if (!r?.n || !r.last) break;
    last = r.last;
  }
  const t1 = performance.now();
  const [given] = rowsOf<{ cents: number }>(
    await tx.execute(sql`SELECT coalesce(sum(cents), 0)::float8 AS cents FROM earn_pool`),
  );
  const left = poolCents - (given?.cents ?? 0);
  if (left > 0) {
    await tx.execute(sql`
      UPDATE earn_pool SET cents = cents + 1
       WHERE audio_id IN (SELECT audio_id FROM earn_pool WHERE rm > 0 ORDER BY rm DESC, audio_id LIMIT ${left})`);
  }
  const [r] = rowsOf<{ cents: number }>(
    await tx.execute(sql`SELECT coalesce(sum(cents), 0)::float8 AS cents FROM earn_pool`),
  );
  trace('pool remainders', performance.now() - t1);
  return r?.cents ?? 0;
}

/** What the close computed in JS, per creator (ads and reversals), for `writeSubscriptionsAndCreators`. */
export interface CreatorExtra {
  creatorId: string;
  adCents: number;
  reversalCents: number;
}

/**
 * Writes the month's subscription allocations (per track) and every creator's month (the
 * accumulators + the pool + the JS extras). Creators whose earnings and counterfactual are both 0
 * are left out, as `MonthRun.finish` leaves them. Returns the entries and creators written.
 */
export async function writeSubscriptionsAndCreators(
  tx: Tx,
  fields: { month: string; rule: EarningsRule; occurredAt: Date; availableAt: Date; createdAt: Date },
  extras: CreatorExtra[],
  trace: CloseTrace = noTrace,
): Promise<{ entries: number; creators: number }> {
  const { month, rule } = fields;
  const source = rule === 'pro-rata' ? sql`earn_pool` : sql`earn_acc`;
  // Every creator's figures in one row: the rule's subscription cents, the counterfactual, the extras.
  const upsert = (column: SQL, from: SQL) => sql`
    INSERT INTO earn_acc_creators (creator_id, subscribers, plays, heard, ${column})
    SELECT creator_id, 0, 0, 0, sum(cents) FROM ${from} GROUP BY creator_id
    ON CONFLICT (creator_id) DO UPDATE SET ${column} = excluded.${column}`;
  const t0 = performance.now();
  await tx.execute(upsert(sql`sub`, source));
  await tx.execute(upsert(sql`pr`, sql`earn_pool`));
  await tx.execute(sql`
    INSERT INTO earn_acc_creators (creator_id, subscribers, plays, heard, ads, rev)
    SELECT x."creatorId", 0, 0, 0, x."adCents", x."reversalCents"
      FROM jsonb_to_recordset(${JSON.stringify(extras)}::jsonb) AS x("creatorId" text, "adCents" bigint, "reversalCents" bigint)
    ON CONFLICT (creator_id) DO UPDATE SET ads = excluded.ads, rev = excluded.rev`);
  trace('creators summed', performance.now() - t0);

  // The writes in keyset chunks: no statement writes the month whole.
  let entries = 0;
  for (let last: string | null = null; ; ) {
    const t1 = performance.now();
    const [r]: ({ n: number; last: string | null } | undefined)[] = rowsOf<{ n: number; last: string | null }>(
      await tx.execute(sql`
      WITH ins AS (
        INSERT INTO earnings_ledger (creator_id, month, kind, source, audio_id, rule, amount_cents, subscribers, payment_id,
                                     occurred_at, available_at, created_at)
        SELECT a.creator_id, ${month}, 'allocation', 'subscriptions', a.audio_id, ${rule}, a.cents,
               ${rule === 'pro-rata' ? sql`0` : sql`a.subscribers`}, NULL,
               ${fields.occurredAt.toISOString()}::timestamptz, ${fields.availableAt.toISOString()}::timestamptz,
               ${fields.createdAt.toISOString()}::timestamptz
          FROM (SELECT * FROM ${source} WHERE cents <> 0 ${last === null ? sql`` : sql`AND audio_id > ${last}::uuid`}
                 ORDER BY audio_id LIMIT ${WRITE_CHUNK}) a
        RETURNING audio_id)
      SELECT count(*)::int AS n, max(audio_id::text) AS last FROM ins`),
    );
    trace('entries written', performance.now() - t1);
    if (!r?.n || !r.last) break;
    entries += r.n;
    last = r.last;
  }
  let creators = 0;
  for (let last: string | null = null; ; ) {
    const t2 = performance.now();
    const [r]: ({ n: number; last: string | null } | undefined)[] = rowsOf<{ n: number; last: string | null }>(
      await tx.execute(sql`
      WITH ins AS (
        INSERT INTO earnings_creator_months (month, creator_id, rule, earned_cents, subscription_cents, ad_cents,
                                             reversal_cents, pro_rata_cents, subscribers, plays, heard_seconds)
        SELECT ${month}, c.creator_id, ${rule}, c.sub + c.ads + c.rev, c.sub, c.ads, c.rev, c.pr, c.subscribers, c.plays, c.heard
          FROM (SELECT * FROM earn_acc_creators WHERE NOT (sub + ads + rev = 0 AND pr = 0)
                  ${last === null ? sql`` : sql`AND creator_id > ${last}`}
                 ORDER BY creator_id LIMIT ${WRITE_CHUNK}) c
        RETURNING creator_id)
      SELECT count(*)::int AS n, max(creator_id) AS last FROM ins`),
    );
    trace('creator months written', performance.now() - t2);
    if (!r?.n || !r.last) break;
    creators += r.n;
    last = r.last;
  }
  return { entries, creators };
}
