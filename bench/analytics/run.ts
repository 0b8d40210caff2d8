// Analytics benchmark: the /creator/analytics overview (analyticsService.overview, reading the
// rollups) against the same figures computed from the raw listen events, side by side, on PostgreSQL.
//   npx tsx bench/analytics/run.ts [--events N] [--rounds N] [--warm-up N] [--keep] [--load-only] [--reuse [--skip-rollup]]
// BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/); the database BENCH_ANALYTICS_DB
// (default `bench_analytics`) is created for the run and dropped after it (unless --keep).
// --load-only stops after the load (implies --keep); --reuse skips the load and uses the kept data
// (migrated to the current schema, rolled up again unless --skip-rollup).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../apps/server/src/config';
import { appContext } from '../../apps/server/src/context';
import { openDatabase } from '../../apps/server/src/db/client';
import { JobQueue } from '../../apps/server/src/jobs/queue';
import { Mailer } from '../../apps/server/src/mail/mailer';
import { SKETCH_MAX_LIST } from '../../apps/server/src/modules/analytics/listeners';
import { analyticsService } from '../../apps/server/src/modules/analytics/service';
import { MemoryBus } from '../../apps/server/src/realtime/bus';
import { LocalStorage } from '../../apps/server/src/storage/local';
import { BUDGETS, verdict } from '../budgets';
import { adminQuery, BENCH_PG_URL } from '../postgres';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const DB_NAME = process.env.BENCH_ANALYTICS_DB ?? 'bench_analytics';
if (!/^[a-z_][a-z0-9_]*$/.test(DB_NAME)) throw new Error(`BENCH_ANALYTICS_DB: not a plain name: ${DB_NAME}`);
const REUSE = args.includes('--reuse');
const LOAD_ONLY = args.includes('--load-only');
const KEEP = LOAD_ONLY || args.includes('--keep');
/** With --reuse: measure the kept rollups as they are (after a change to the page's reads only). */
const SKIP_ROLLUP = REUSE && args.includes('--skip-rollup');
const EVENTS = option('--events', 10_000_000);
const ROUNDS = option('--rounds', 40);
const WARM_UP = option('--warm-up', 20);
const CREATORS = 1_000;
const TRACKS_PER_CREATOR = 20;
/** The measured creator (creator 1) gets this share of all listening: a popular one. */
const SHARE = 0.05;
const DAYS = 90;
const CHUNK = 1_000_000;

const log = (m: string) => console.log(m);
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))] ?? 0;
const time = async (f: () => Promise<unknown>) => {
  const t0 = performance.now();
  await f();
  return performance.now() - t0;
};

/** The overview's figures straight from raw sessions and buckets (what a rollup-less page would run). */
const RAW_SQL = `
  WITH s AS (
    SELECT s.id, s.audio_id, s.day, s.listener_key FROM listen_sessions s
    JOIN audio_content a ON a.id = s.audio_id
    WHERE a.user_id = $1 AND s.counted AND s.day BETWEEN $2 AND $3
  ),
  n AS (SELECT s.id, count(b.bucket) AS heard FROM s LEFT JOIN listen_buckets b ON b.session_id = s.id GROUP BY s.id)
  SELECT
    (SELECT count(*) FROM s) AS plays,
    (SELECT count(DISTINCT listener_key) FROM s) AS listeners,
    (SELECT sum(heard) * 5 FROM n) AS seconds,
    (SELECT json_agg(t) FROM (SELECT audio_id, count(*) AS plays, count(DISTINCT listener_key) AS listeners
       FROM s GROUP BY audio_id) t) AS per_track,
    (SELECT json_agg(d) FROM (SELECT day, count(*) AS plays FROM s GROUP BY day ORDER BY day) d) AS daily`;

type Query = (text: string, params?: unknown[]) => Promise<unknown[]>;

/** Creators, tracks, sessions (and the measured creator's heard buckets). */
async function load(q: Query, t0: number) {
  await q(`INSERT INTO users (id, email, display_name, user_role)
           SELECT 'bench-c-' || g, 'bench-c-' || g || '@bench.local', 'Creator ' || g, 'creator'
           FROM generate_series(1, ${CREATORS}) g`);
  await q(`INSERT INTO audio_content (id, user_id, title, audio_key, audio_mime, audio_bytes, duration, status, is_public, created_at)
           SELECT md5('t' || g)::uuid, 'bench-c-' || (1 + (g - 1) / ${TRACKS_PER_CREATOR}), 'Track ' || g,
                  'audio/' || g || '.mp3', 'audio/mpeg', 1000, 600, 'ready', true, now() - interval '120 days'
           FROM generate_series(1, ${CREATORS * TRACKS_PER_CREATOR}) g`);
  // Sessions: SHARE of them on creator 1's tracks (1..20), the rest on everyone's; 90 days back.
  await q(`SET session_replication_role = replica`); // bulk load: no FK triggers
  for (let start = 0; start < EVENTS; start += CHUNK) {
    const n = Math.min(CHUNK, EVENTS - start);
    await q(`
      INSERT INTO listen_sessions (id, audio_id, listener_key, source, device, app, counted, day, created_at)
      SELECT gen_random_uuid(),
             md5('t' || CASE WHEN random() < ${SHARE} THEN 1 + floor(random() * ${TRACKS_PER_CREATOR})
                             ELSE 1 + floor(random() * ${CREATORS * TRACKS_PER_CREATOR}) END)::uuid,
             'a:' || floor(random() * 2000000)::int,
             (ARRAY['home','explore','search','profile','playlist','embed'])[1 + floor(random() * 6)::int],
             (ARRAY['desktop','mobile','tablet'])[1 + floor(random() * 3)::int],
             (ARRAY['Chrome','Safari','Firefox'])[1 + floor(random() * 3)::int],
             random() < 0.9, d::date, d
      FROM (SELECT now() - random() * interval '${DAYS} days' AS d FROM generate_series(1, ${n})) x`);
    log(`  sessions: ${start + n} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  // Buckets (5 s each, contiguous from the start: 1 to 60) for the measured creator's sessions.
  await q(`
    INSERT INTO listen_buckets (session_id, bucket)
    SELECT s.id, g FROM listen_sessions s
    JOIN audio_content a ON a.id = s.audio_id AND a.user_id = 'bench-c-1'
    CROSS JOIN LATERAL generate_series(0, floor(random() * 60)::int + (s.id IS NULL)::int) g`);
  await q(`SET session_replication_role = origin`);
  // Real sessions arrive in time order, so a day's rows sit together; the random days above would
  // spread every day over the whole table and make each day's rollup read all of it.
  await q('CLUSTER listen_sessions USING listen_sessions_day_idx');
  await q('ANALYZE');
}

async function main() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-bench-analytics-'));
  if (!REUSE) {
    await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${DB_NAME}`);
  }
  const database = await openDatabase({ dataDir: dir, databaseUrl: new URL(DB_NAME, BENCH_PG_URL).toString() });
  const q = database.query.bind(database);
  try {
    const t0 = performance.now();
    if (!REUSE) await load(q, t0);
    const [{ sessions, buckets }] = (await q(
      `SELECT (SELECT count(*) FROM listen_sessions)::int AS sessions, (SELECT count(*) FROM listen_buckets)::int AS buckets`,
    )) as [{ sessions: number; buckets: number }];
    log(
      `${REUSE ? 'kept' : 'loaded'} ${sessions} listen events, ${buckets} buckets in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
    if (LOAD_ONLY) return;

    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, LOG_LEVEL: 'silent', WEB_DIST: dir });
    const ctx = appContext({
      config,
      database,
      storage: new LocalStorage(path.join(dir, 'storage')),
      bus: new MemoryBus(),
      jobs: new JobQueue(database),
      mail: new Mailer(database, { from: config.MAIL_FROM, log: () => {} }),
    });
    const analytics = analyticsService(ctx);
    if (!SKIP_ROLLUP) {
      const days = (await q(`SELECT DISTINCT day::text AS day FROM listen_sessions ORDER BY 1`)) as { day: string }[];
      const rollupMs = await time(async () => {
        for (const { day } of days) await analytics.rollupDay(day);
      });
      log(`rollup of ${days.length} days: ${(rollupMs / 1000).toFixed(1)} s`);
    }
    // As the hourly job records after rolling each ended day (the overview keeps past ranges' counts
    // only once their days are final).
    await q(`INSERT INTO analytics_rolled_days (day, rolled_at)
             SELECT DISTINCT day, now() FROM listen_sessions WHERE day < current_date ON CONFLICT DO NOTHING`);
    // What autovacuum does soon after the rollup's bulk writes: statistics, and the visibility map
    // that lets sums of plays and time be read from the index alone.
    await q('VACUUM ANALYZE track_daily_stats');
    const [{ dense: DENSE_DAYS }] = (await q(
      `SELECT count(*)::int AS dense FROM track_daily_stats WHERE get_byte(listener_hashes, 0) = 1`,
    )) as [{ dense: number }];
    log(`track-days with HyperLogLog sketches (more than ${SKETCH_MAX_LIST} listeners): ${DENSE_DAYS}`);

    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 27 * 86_400_000).toISOString().slice(0, 10);
    // Same figures both ways before timing.
    const cold = performance.now();
    const page = await analytics.overview('bench-c-1', { days: 28 });
    log(`first view (cold: nothing kept, nothing compiled): ${(performance.now() - cold).toFixed(1)} ms`);
    const [raw] = (await q(RAW_SQL, ['bench-c-1', from, to])) as { plays: string; listeners: string }[];
    // Plays exact; listeners from 32-bit hash lists may lose ~n²/2³³ to collisions (ADR 0026), and
    // within ±3 σ (2.4 %) once a day's sketch is HyperLogLog registers.
    const exact = Number(raw?.listeners);
    const lost = exact - page.totals.listeners.value;
    const bound = Math.max(3 * Math.ceil(exact ** 2 / 2 ** 33), 0.024 * exact * Number(DENSE_DAYS > 0));
    if (Number(raw?.plays) !== page.totals.plays.value || Math.abs(lost) > bound) {
      throw new Error(`figures differ: page ${JSON.stringify(page.totals)}, raw ${JSON.stringify(raw)}`);
    }
    log(
      `creator 1, 28 days: ${page.totals.plays.value} plays (both ways), listeners ${page.totals.listeners.value} ` +
        `from sketches, ${exact} exact from raw (difference ${lost}, bound ${bound})`,
    );
    const api: number[] = [];
    const rawT: number[] = [];
    // Each side in its own block: a raw round reads gigabytes and would evict the rollups from the
    // cache just before every page round (alternating measured the raw query's eviction, not the page).
    // Timed as a running server answers: after WARM_UP untimed views (the code compiled by V8's JIT,
    // the creator's rollups back in the cache after the raw check read gigabytes).
    for (let i = 0; i < WARM_UP; i++) await analytics.overview('bench-c-1', { days: 28 });
    for (let i = 0; i < ROUNDS; i++) api.push(await time(() => analytics.overview('bench-c-1', { days: 28 })));
    log(`page rounds (ms, in order): ${api.map((x) => x.toFixed(0)).join(' ')}`);
    for (let i = 0; i < ROUNDS; i++) rawT.push(await time(() => q(RAW_SQL, ['bench-c-1', from, to])));
    api.sort((a, b) => a - b);
    rawT.sort((a, b) => a - b);
    const p95a = pct(api, 0.95);
    const p95r = pct(rawT, 0.95);
    log(`overview from rollups (the page):  p50 ${pct(api, 0.5).toFixed(1)} ms  p95 ${p95a.toFixed(1)} ms`);
    log(`same figures from raw events:      p50 ${pct(rawT, 0.5).toFixed(1)} ms  p95 ${p95r.toFixed(1)} ms`);
    log(`rollup gain at p95: ${(p95r / p95a).toFixed(1)}x`);
    log(
      `budget (page p95 <= ${BUDGETS.analytics.p95Ms} ms, DESIGN.md §9): ${verdict(p95a <= BUDGETS.analytics.p95Ms)}`,
    );
  } finally {
    await database.close();
    if (!KEEP) await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await fs.rm(dir, { recursive: true, force: true });
  }
}

void main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
