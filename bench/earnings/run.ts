// Earnings benchmark (issue 37): a month's revenue-share close (earnings/close.ts: subscription nets
// from payments, the listening grouped per paying account through a cursor, the user-centric split
// and the pro-rata counterfactual, the ledger written) beside a plain SQL pro-rata of the same data.
//   npx tsx bench/earnings/run.ts [--subscribers N] [--plays N] [--families PCT] [--rule user-centric|pro-rata|hybrid] [--keep] [--reuse]
// BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/); the database BENCH_EARNINGS_DB
// (default `bench_earnings`) is created for the run and dropped after it (unless --keep; --reuse
// takes the kept data and undoes its month's close if an earlier run closed it).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config';
import { appContext } from '../../apps/server/src/context';
import { openDatabase } from '../../apps/server/src/db/client';
import { JobQueue } from '../../apps/server/src/jobs/queue';
import { Mailer } from '../../apps/server/src/mail/mailer';
import { closeMonth } from '../../apps/server/src/modules/earnings/close';
import { MemoryBus } from '../../apps/server/src/realtime/bus';
import { LocalStorage } from '../../apps/server/src/storage/local';
import { BUDGETS, verdict } from '../budgets';
import { adminQuery, BENCH_PG_URL } from '../postgres';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};
const DB_NAME = process.env.BENCH_EARNINGS_DB ?? 'bench_earnings';
if (!/^[a-z_][a-z0-9_]*$/.test(DB_NAME)) throw new Error(`BENCH_EARNINGS_DB: not a plain name: ${DB_NAME}`);
const B = BUDGETS.earningsClose;
const SUBSCRIBERS = Number(option('--subscribers', String(B.subscribers)));
const PLAYS = Number(option('--plays', String(B.plays)));
const RULE = option('--rule', 'user-centric');
/** Percent of subscribers who own a Family plan (2–5 members each; 0: none). */
const FAMILIES_PCT = Number(option('--families', '10'));
if (!(FAMILIES_PCT >= 0 && FAMILIES_PCT <= 100)) throw new Error('--families: a percentage 0–100');
/** Every this-many-th subscriber owns a Family plan (0: nobody). */
const OWNER_EVERY = FAMILIES_PCT > 0 ? Math.max(1, Math.round(100 / FAMILIES_PCT)) : 0;
const REUSE = args.includes('--reuse');
const KEEP = args.includes('--keep') || REUSE;
const CREATORS = 20_000;
const TRACKS = 200_000;
const MONTH = '2026-10';
const CHUNK = 100_000;

const log = (m: string) => console.log(m);
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const loadavg = () =>
  `${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores`;

type Query = (text: string, params?: unknown[]) => Promise<unknown[]>;

/** SQL: the members of subscriber `g`'s Family plan (2–5 if `g` owns one, else 0). */
const membersOf = (g: string) =>
  OWNER_EVERY === 0 ? '0' : `CASE WHEN ${g} % ${OWNER_EVERY} = 0 THEN 2 + (${g} / ${OWNER_EVERY}) % 4 ELSE 0 END`;

/**
 * Subscribers (one payment each in the month: $9.99 Premium, or $14.99 for the Family plans'
 * owners, every OWNER_EVERY-th subscriber, with 2–5 active members each), creators' tracks, and
 * the month's folded listening: each listener (subscriber or Family member) a few tracks (Zipf-like:
 * low track numbers far more often), 1–3 plays per row, so the rows' plays sum to about PLAYS.
 */
async function load(q: Query) {
  await q(`SET session_replication_role = replica`);
  for (let s = 0; s < SUBSCRIBERS; s += CHUNK) {
    const n = Math.min(CHUNK, SUBSCRIBERS - s);
    const family = OWNER_EVERY === 0 ? 'false' : `g % ${OWNER_EVERY} = 0`;
    await q(`INSERT INTO payments (user_id, kind, purpose, amount_cents, plan_id, external_id, invoice_id, occurred_at)
             SELECT 'bench-u-' || g, 'paid', 'subscription', CASE WHEN ${family} THEN 1499 ELSE 999 END,
                    CASE WHEN ${family} THEN 'family' ELSE 'premium' END, 'bench-in-' || g || ':paid', 'bench-in-' || g,
                    timestamptz '${MONTH}-01' + random() * interval '28 days'
               FROM generate_series(${s + 1}, ${s + n}) g`);
    await q(`INSERT INTO family_members (owner_id, email, member_id, status, token_hash, invited_at)
             SELECT 'bench-u-' || g, 'bench-u-' || g || '-m' || k || '@bench.test', 'bench-u-' || g || '-m' || k, 'active',
                    md5(g || '-' || k), timestamptz '${MONTH}-01' - interval '1 month'
               FROM generate_series(${s + 1}, ${s + n}) g, generate_series(1, ${membersOf('g')}) k`);
  }
  // Rows per listener: plays/listener ÷ 2 (the mean plays per row); the fraction as one more row
  // for that share of listeners, so the month's plays stay about PLAYS with or without families.
  let members = 0;
  for (let g = OWNER_EVERY; OWNER_EVERY > 0 && g <= SUBSCRIBERS; g += OWNER_EVERY) {
    members += 2 + (Math.floor(g / OWNER_EVERY) % 4);
  }
  const perListener = Math.max(1, PLAYS / (SUBSCRIBERS + members) / 2);
  const whole = Math.floor(perListener);
  const frac = perListener - whole;
  log(
    `  ${members.toLocaleString('en')} Family members on ${OWNER_EVERY ? Math.floor(SUBSCRIBERS / OWNER_EVERY).toLocaleString('en') : 0} plans; ${perListener.toFixed(2)} rows a listener`,
  );
  for (let s = 0; s < SUBSCRIBERS; s += CHUNK) {
    const n = Math.min(CHUNK, SUBSCRIBERS - s);
    await q(`INSERT INTO earnings_listening (month, day, listener_id, audio_id, creator_id, plays, long_plays, heard_seconds)
             SELECT DISTINCT ON (day, listener, track) '${MONTH}', day, listener, md5('t' || track)::uuid,
                    'bench-c-' || (1 + track % ${CREATORS}), plays, plays - (plays > 1)::int, plays * (20 + floor(random() * 200))::int
               FROM (SELECT date '${MONTH}-01' + floor(random() * 31)::int AS day, who.listener,
                            1 + floor(${TRACKS} * power(random(), 3))::int AS track, 1 + floor(random() * 3)::int AS plays
                       FROM generate_series(${s + 1}, ${s + n}) g
                       CROSS JOIN LATERAL (SELECT 'bench-u-' || g AS listener
                                           UNION ALL
                                           SELECT 'bench-u-' || g || '-m' || k FROM generate_series(1, ${membersOf('g')}) k) who
                       CROSS JOIN LATERAL generate_series(1, ${whole} + (random() < ${frac} AND who.listener IS NOT NULL)::int) r) x
             ON CONFLICT DO NOTHING`);
    log(`  subscribers ${s + n}: ${loadavg()}`);
  }
  await q(`INSERT INTO earnings_folded_days (day, folded_at)
           SELECT d::date, now() FROM generate_series(date '${MONTH}-01', date '${MONTH}-31', interval '1 day') d`);
  await q(`SET session_replication_role = origin`);
  // As autovacuum leaves a month's rows long before it closes: the visibility map set (index-only reads).
  await q('VACUUM ANALYZE');
}

/** A plain pro-rata of the same month in one statement: net pool × track plays ÷ all plays (floored). */
const PRO_RATA_SQL = `
  WITH pool AS (
    SELECT sum(amount_cents - ((amount_cents::bigint * 290 + 5000) / 10000 + 30)) * 70 / 100 AS cents
      FROM payments WHERE purpose = 'subscription' AND kind = 'paid'
       AND occurred_at >= timestamptz '${MONTH}-01' AND occurred_at < timestamptz '${MONTH}-01' + interval '1 month'),
  t AS (SELECT audio_id, creator_id, sum(plays) AS plays FROM earnings_listening
         WHERE day BETWEEN date '${MONTH}-01' AND date '${MONTH}-31' GROUP BY audio_id, creator_id),
  total AS (SELECT sum(plays) AS plays FROM t)
  SELECT count(*)::int AS tracks, sum(floor(pool.cents * t.plays / total.plays))::float8 AS cents
    FROM t, pool, total`;

async function main() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-bench-earnings-'));
  if (!REUSE) {
    await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${DB_NAME}`);
  }
  const url = new URL(DB_NAME, BENCH_PG_URL).toString();
  // The close runs with the server's default timeouts (DB_STATEMENT_TIMEOUT_MS, DB_QUERY_TIMEOUT_MS):
  // none of its statements may take longer. The load and the checks use a plain client.
  const database = await openDatabase({ dataDir: dir, databaseUrl: url });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q: Query = async (text, params) => (await client.query(text, params as unknown[])).rows;
  try {
    const t0 = performance.now();
    log(
      `earnings close bench: ${SUBSCRIBERS.toLocaleString('en')} subscribers (${FAMILIES_PCT} % of them Family plans), ~${PLAYS.toLocaleString('en')} plays, rule ${RULE}; load average ${loadavg()}`,
    );
    if (!REUSE) await load(q);
    else {
      // The kept data closed by an earlier run: its close undone (the bench's own database; the
      // append-only triggers off for this session only).
      await q(`SET session_replication_role = replica`);
      for (const t of ['earnings_ledger', 'earnings_creator_months', 'earnings_months']) {
        await q(`DELETE FROM ${t} WHERE month = $1`, [MONTH]);
      }
      await q(`SET session_replication_role = origin`);
    }
    const [facts] = (await q(
      `SELECT count(*)::int AS rows, sum(plays)::float8 AS plays, count(DISTINCT listener_id)::int AS listeners FROM earnings_listening`,
    )) as [{ rows: number; plays: number; listeners: number }];
    log(
      `data: ${facts.rows.toLocaleString('en')} listening rows, ${facts.plays.toLocaleString('en')} plays, ${facts.listeners.toLocaleString('en')} listeners (${secs(performance.now() - t0)} to load)`,
    );

    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      WEB_DIST: dir,
      EARNINGS_RULE: RULE,
    });
    const ctx = appContext({
      config,
      database,
      storage: new LocalStorage(path.join(dir, 'storage')),
      bus: new MemoryBus(),
      jobs: new JobQueue(database),
      mail: new Mailer(database, { from: config.MAIL_FROM, log: () => {} }),
    });

    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    // Each phase of the close: statements of one kind summed (count, total, slowest).
    const phases = new Map<string, { n: number; ms: number; max: number }>();
    const trace = (phase: string, ms: number) => {
      const key = phase.replace(/ \(\d+ payers\)/, '');
      const p = phases.get(key) ?? { n: 0, ms: 0, max: 0 };
      phases.set(key, { n: p.n + 1, ms: p.ms + ms, max: Math.max(p.max, ms) });
      if (process.env.BENCH_TRACE_EACH) log(`  ${phase}: ${ms.toFixed(0)} ms (${loadavg()})`);
    };
    const c0 = performance.now();
    const result = await closeMonth(ctx, MONTH, { trace });
    const closeMs = performance.now() - c0;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const loadAfterClose = loadavg();

    const s0 = performance.now();
    const [plain] = (await q(PRO_RATA_SQL)) as [{ tracks: number; cents: number }];
    const sqlMs = performance.now() - s0;

    // What was written adds up: the ledger's entries are the month's creators' cents.
    const [check] = (await q(
      `SELECT (SELECT coalesce(sum(amount_cents), 0)::float8 FROM earnings_ledger WHERE month = $1) AS ledger,
              (SELECT count(*)::int FROM earnings_ledger WHERE month = $1) AS entries,
              (SELECT sum(pro_rata_cents)::float8 FROM earnings_creator_months WHERE month = $1) AS pro_rata`,
      [MONTH],
    )) as [{ ledger: number; entries: number; pro_rata: number }];
    const exact =
      check.ledger === result.creatorsCents &&
      result.creatorsCents + result.platformCents === result.subscriptionNetCents + result.adNetCents;

    log('\n| phase of the close | statements | total | slowest |\n|---|---|---|---|');
    for (const [phase, p] of phases) log(`| ${phase} | ${p.n} | ${secs(p.ms)} | ${p.max.toFixed(0)} ms |`);
    log('\n| | time | peak RSS |\n|---|---|---|');
    log(
      `| month close (${RULE}), ours | ${secs(closeMs)} | ${Math.round(peak / 2 ** 20)} MB (${Math.round(rss0 / 2 ** 20)} MB before) |`,
    );
    log(`| plain SQL pro-rata, one statement | ${secs(sqlMs)} | (in PostgreSQL) |`);
    log(
      `close: ${result.subscribers.toLocaleString('en')} subscribers, net ${result.subscriptionNetCents} + ads ${result.adNetCents} = creators ${result.creatorsCents} + platform ${result.platformCents} ` +
        `(${exact ? 'exact' : 'NOT exact'}), ${check.entries.toLocaleString('en')} entries, ${result.creators.toLocaleString('en')} creators; ` +
        `counterfactual ${check.pro_rata} cents vs plain SQL ${plain.cents} cents over ${plain.tracks.toLocaleString('en')} tracks (floored, no remainders)`,
    );
    log(`load average after the close ${loadAfterClose}`);
    const full = SUBSCRIBERS >= B.subscribers && facts.plays >= B.plays * 0.95;
    log(
      `budget (issue 37: <= ${B.seconds} s and <= ${B.peakRssMb} MB at ${B.subscribers.toLocaleString('en')} subscribers, ${B.plays.toLocaleString('en')} plays)` +
        `${full ? '' : " — this run is smaller than the budget's data"}: time ${verdict(closeMs <= B.seconds * 1000)}, memory ${verdict(peak <= B.peakRssMb * 2 ** 20)}`,
    );
  } finally {
    await client.end();
    await database.close();
    if (!KEEP) await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
