// Home/Explore API benchmark: GET /api/home and /api/explore/tracks (four shapes) from our server over
// real HTTP, and from a bare node:http server that sends the very same SQL statements (recorded from
// our endpoint's first request, with their parameters) and writes the rows as JSON, side by side, wrk
// with 50 connections, ABBA order, on PostgreSQL with 100k tracks and a week of plays. Ours answers
// anonymous visitors from its public cache (PUBLIC_CACHE_MS, default 5 s) as in production, and a
// signed-in listener (with likes, follows and resume positions) from the shared rows plus one query
// for their flags (ADR 0023); the peer queries on every request.
//
//   npx tsx bench/api/run.ts [--tracks 100000] [--seconds 10] [--rounds 2] [--connections 50] [--strict]
//
// PostgreSQL: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/); the database
// `wavecast_bench_api` is created for the run and dropped after it. Budgets (DESIGN.md §9, issue 22):
// anonymous p99 <= 10 ms, signed in p99 <= 20 ms.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { appContext } from '../../apps/server/src/context';
import { type Database, openDatabase } from '../../apps/server/src/db/client';
import { JobQueue } from '../../apps/server/src/jobs/queue';
import { Mailer } from '../../apps/server/src/mail/mailer';
import { MemoryBus } from '../../apps/server/src/realtime/bus';
import { LocalStorage } from '../../apps/server/src/storage/local';
import { ensurePrograms } from '../../scripts/system-packages.mjs';
import { BUDGETS } from '../budgets';
import { adminQuery, BENCH_PG_URL } from '../postgres';
import { generateCatalogue } from '../search/generate';

const { values: args } = parseArgs({
  options: {
    tracks: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    strict: { type: 'boolean', default: false },
  },
});
const TRACKS = Number(args.tracks);
const BUDGET_P99_MS = BUDGETS.api.anonymousP99Ms;
const BUDGET_SIGNED_IN_P99_MS = BUDGETS.api.signedInP99Ms;
/** BENCH_API_DB names another database (two runs on one server must not share one). */
const DB_NAME = process.env.BENCH_API_DB ?? 'wavecast_bench_api';
const PATHS = [
  '/api/home',
  '/api/explore/tracks',
  '/api/explore/tracks?sort=popular',
  '/api/explore/tracks?category=music',
  '/api/explore/tracks?category=podcasts&sort=popular',
];
const step = (m: string) => process.stderr.write(`… ${m}\n`);

/** A week of plays, skewed towards a few hundred tracks, so Popular This Week is a real aggregate. */
async function weekOfPlays(database: Database, plays: number) {
  await database.query(
    `WITH top AS (SELECT array_agg(id) AS ids FROM (
       SELECT id FROM audio_content WHERE is_public AND status = 'ready' ORDER BY play_count DESC LIMIT 500) t)
     INSERT INTO listen_events (audio_id, anonymous_id, seconds_listened, created_at)
     SELECT top.ids[1 + floor(random() ^ 3 * 500)::int], 'bench-' || g, 30, now() - random() * interval '7 days'
     FROM generate_series(1, $1::int) g, top`,
    [plays],
  );
  // Settle the fresh tables now, or autovacuum does it in the middle of a run.
  await database.query('VACUUM (ANALYZE) listen_events');
  await database.query('VACUUM (ANALYZE) audio_content');
}

/** A regular listener's rows: 500 likes (Home's newest and most played among them), 200 follows, 300 resume positions. */
async function seedRegular(database: Database, userId: string) {
  await database.query(
    `INSERT INTO likes (user_id, audio_id)
     SELECT $1, id FROM (
       (SELECT id FROM audio_content WHERE is_public AND status = 'ready' ORDER BY created_at DESC LIMIT 10)
       UNION (SELECT id FROM audio_content WHERE is_public AND status = 'ready' ORDER BY play_count DESC LIMIT 10)
       UNION (SELECT id FROM audio_content ORDER BY random() LIMIT 480)) t
     ON CONFLICT DO NOTHING`,
    [userId],
  );
  await database.query(
    `INSERT INTO follows (follower_id, following_id)
     SELECT $1, id FROM users WHERE id <> $1 ORDER BY random() LIMIT 200 ON CONFLICT DO NOTHING`,
    [userId],
  );
  await database.query(
    `INSERT INTO playback_positions (user_id, audio_id, position_seconds)
     SELECT $1, id, 30 FROM audio_content ORDER BY random() LIMIT 300 ON CONFLICT DO NOTHING`,
    [userId],
  );
}

interface Statement {
  text: string;
  params?: unknown[];
}

/** Our app as the server runs it (production mode, no worker, no web app), recording its SQL on demand. */
async function startOurs(database: Database, dir: string) {
  let recording: Statement[] | null = null;
  const recorder: Database = {
    ...database,
    query(text, params) {
      recording?.push({ text, params });
      return database.query(text, params);
    },
  };
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    WEB_DIST: dir,
    PUBLIC_CACHE_MS: process.env.PUBLIC_CACHE_MS,
  });
  const ctx = appContext({
    config,
    database: recorder,
    storage: new LocalStorage(path.join(dir, 'storage')),
    bus: new MemoryBus(),
    jobs: new JobQueue(recorder),
    mail: new Mailer(recorder, { from: config.MAIL_FROM, log: () => {} }),
  });

  const app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  /** The statements `url` sends when it answers from the database: its first request (a cache miss). */
  async function record(url: string): Promise<Statement[]> {
    recording = [];
    await get(base + url);
    const statements = recording;
    recording = null;
    return statements;
  }
  /**
   * A signed-in listener's Cookie header, after seeding what a regular has: likes on many tracks
   * (some on Home's lists), follows and resume positions. Their answers carry their `liked` flags.
   */
  async function signIn(): Promise<string> {
    const res = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: config.PUBLIC_URL },
      body: JSON.stringify({ email: 'bench@bench.local', password: 'correct-horse-battery', name: 'Bench' }),
    });
    if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
    const userId = ((await res.json()) as { user: { id: string } }).user.id;
    await seedRegular(database, userId);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }
  return { base, record, signIn, close: () => app.close().then(() => ctx.bus.close()) };
}

async function get(url: string): Promise<string> {
  const res = await fetch(url);
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${body.slice(0, 200)}`);
  return body;
}

/** The peer: node:http, the recorded statements (concurrently), the rows as JSON. Nothing else. */
async function startBare(database: Database, statements: Map<string, Statement[]>) {
  const server = http.createServer(async (req, res) => {
    const list = statements.get(req.url ?? '');
    if (!list) {
      res.writeHead(404).end();
      return;
    }
    try {
      const results = await Promise.all(list.map((s) => database.query(s.text, s.params)));
      const body = JSON.stringify(results);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    } catch (e) {
      res.writeHead(500).end(String(e));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

interface WrkResult {
  /** Server CPU (this process: both servers run here) per request during the run, µs. */
  cpuPerRequestUs?: number;
  requests: number;
  duration_us: number;
  non2xx: number;
  errors: number;
  p50_us: number;
  p99_us: number;
}

/** wrk in a child process (asynchronously: both servers run in this process's event loop). */
async function wrk(base: string, seconds: number, cookie?: string, warmUp = false): Promise<WrkResult> {
  const { stdout: out } = await promisify(execFile)(
    'wrk',
    [
      '-t1',
      `-c${args.connections}`,
      `-d${seconds}s`,
      ...(cookie ? ['-H', `Cookie: ${cookie}`] : []),
      '-s',
      path.join(import.meta.dirname, 'paths.lua'),
      base,
    ],
    { env: { ...process.env, PATHS: PATHS.join(' ') }, encoding: 'utf8' },
  );
  const json = out.split('\n').find((l) => l.startsWith('WRK_JSON '));
  if (!json) throw new Error(`wrk gave no summary:\n${out}`);
  const r = JSON.parse(json.slice('WRK_JSON '.length)) as WrkResult;
  // Timeouts are counted (a run with any misses its budget); a bad status is a broken endpoint.
  if (!warmUp && r.non2xx > 0) throw new Error(`${base}: ${r.non2xx} bad statuses, ${r.errors} socket errors`);
  return r;
}

async function main() {
  const missing = ensurePrograms({ wrk: 'wrk' });
  if (missing.length) throw new Error('the benchmark needs wrk (Debian package)');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-bench-api-'));
  await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${DB_NAME}`);
  const database = await openDatabase({ dataDir: dir, databaseUrl: new URL(DB_NAME, BENCH_PG_URL).toString() });
  try {
    step(`generating ${TRACKS.toLocaleString('en')} tracks`);
    await generateCatalogue(database.query.bind(database), { tracks: TRACKS, creators: Math.ceil(TRACKS / 100) });
    await weekOfPlays(database, Math.max(1000, TRACKS / 2));
    const ours = await startOurs(database, dir);
    const statements = new Map<string, Statement[]>();
    for (const p of PATHS) statements.set(p, await ours.record(p));
    const bare = await startBare(database, statements);
    console.log(
      `API benchmark: PostgreSQL, ${TRACKS.toLocaleString('en')} tracks, wrk 1 thread x ${args.connections} connections, ` +
        `${args.seconds} s per run, ${args.rounds} rounds (ABBA), ${os.cpus().length} CPUs, Node ${process.version}\n` +
        `paths (round robin): ${PATHS.join(', ')}\n` +
        `SQL per request: ${PATHS.map((p) => statements.get(p)?.length).join(', ')} statements`,
    );
    await wrk(ours.base, 3, undefined, true);
    await wrk(bare.base, 3, undefined, true);
    const cookie = await ours.signIn();
    await wrk(ours.base, 3, cookie, true);
    const sides = {
      bare: {
        name: 'bare node:http + same SQL',
        run: () => wrk(bare.base, Number(args.seconds)),
        results: [] as WrkResult[],
      },
      ours: { name: 'ours, anonymous', run: () => wrk(ours.base, Number(args.seconds)), results: [] as WrkResult[] },
      signedIn: {
        name: 'ours, signed in',
        run: () => wrk(ours.base, Number(args.seconds), cookie),
        results: [] as WrkResult[],
      },
    };
    const measure = async (who: keyof typeof sides) => {
      // Each run starts on a quiet machine: a side that queries per request leaves a queue behind.
      await new Promise((r) => setTimeout(r, 3000));
      // CPU time per request does not depend on what else the machine runs (latency does).
      const cpu = process.cpuUsage();
      const r = await sides[who].run();
      const used = process.cpuUsage(cpu);
      r.cpuPerRequestUs = (used.user + used.system) / Math.max(1, r.requests);
      sides[who].results.push(r);
      step(
        `${who}: ${(r.requests / (r.duration_us / 1e6)).toFixed(0)} req/s, p99 ${(r.p99_us / 1000).toFixed(2)} ms, ` +
          `${r.cpuPerRequestUs.toFixed(0)} µs CPU/request, ${r.errors} timeouts`,
      );
    };
    // Anonymous visitors against the peer in ABBA order; then signed-in viewers on their own.
    for (let round = 0; round < Number(args.rounds); round++) {
      for (const who of round % 2 === 0 ? (['bare', 'ours'] as const) : (['ours', 'bare'] as const)) await measure(who);
    }
    for (let round = 0; round < Number(args.rounds); round++) await measure('signedIn');
    await new Promise((r) => setTimeout(r, 3000)); // requests still queued when wrk stopped finish
    await ours.close();
    await bare.close();
    const summary = (rs: WrkResult[]) => ({
      rps: rs.reduce((n, r) => n + r.requests / (r.duration_us / 1e6), 0) / rs.length,
      p50: Math.max(...rs.map((r) => r.p50_us)) / 1000,
      p99: Math.max(...rs.map((r) => r.p99_us)) / 1000,
      cpu: rs.reduce((n, r) => n + (r.cpuPerRequestUs ?? 0), 0) / rs.length,
      errors: rs.reduce((n, r) => n + r.errors, 0),
    });
    for (const side of Object.values(sides)) {
      const x = summary(side.results);
      const each = side.results.map((r) => (r.p99_us / 1000).toFixed(1)).join(', ');
      console.log(
        `${side.name.padEnd(28)} ${x.rps.toFixed(0).padStart(6)} req/s   p50 ${x.p50.toFixed(2)} ms   ` +
          `p99 ${x.p99.toFixed(2)} ms (runs: ${each})   ${x.cpu.toFixed(0)} µs CPU/request   ${x.errors} timeouts`,
      );
    }
    const [o, b, s] = [summary(sides.ours.results), summary(sides.bare.results), summary(sides.signedIn.results)];
    const anonymousPass = o.p99 <= BUDGET_P99_MS && o.errors === 0;
    const signedInPass = s.p99 <= BUDGET_SIGNED_IN_P99_MS && s.errors === 0;
    const pass = anonymousPass && signedInPass;
    console.log(
      `ours (anonymous) / bare: req/s ${(o.rps / b.rps).toFixed(2)}x, p99 ${(o.p99 / b.p99).toFixed(2)}x   ` +
        `(budget p99 <= ${BUDGET_P99_MS} ms: ${anonymousPass ? 'met' : 'NOT met'}; worst run of each)\n` +
        `ours (signed in) / bare: req/s ${(s.rps / b.rps).toFixed(2)}x, p99 ${(s.p99 / b.p99).toFixed(2)}x   ` +
        `(budget p99 <= ${BUDGET_SIGNED_IN_P99_MS} ms: ${signedInPass ? 'met' : 'NOT met'}; worst run)`,
    );
    if (args.strict && !pass) process.exitCode = 1;
  } finally {
    await database.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
