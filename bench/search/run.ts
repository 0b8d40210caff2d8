// Search benchmark: our search endpoint against the raw SQL of the same query, side by side.
//   npx tsx bench/search/run.ts                  PostgreSQL with 1M tracks, then PGlite with 100k
//   npx tsx bench/search/run.ts --pg             only PostgreSQL   (--pglite: only PGlite)
//   options: --tracks N (PostgreSQL), --pglite-tracks N, --rounds N, --keep (keep the PG database),
//   --reuse (measure a database kept by --keep again, without generating)
// PostgreSQL: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/); the database
// BENCH_SEARCH_DB (default `wavecast_bench`) is created for the run and dropped after it.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PAGE_SIZES } from '@wavecast/shared';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { appContext } from '../../apps/server/src/context';
import { type Database, openDatabase } from '../../apps/server/src/db/client';
import { JobQueue } from '../../apps/server/src/jobs/queue';
import { Mailer } from '../../apps/server/src/mail/mailer';
import { SEARCH_TRACKS_SQL, searchParams } from '../../apps/server/src/modules/discovery/search-repo';
import { MemoryBus } from '../../apps/server/src/realtime/bus';
import { LocalStorage } from '../../apps/server/src/storage/local';
import { BUDGETS, verdict } from '../budgets';
import { adminQuery, BENCH_PG_URL } from '../postgres';
import { generateCatalogue } from './generate';
import { benchQueries } from './queries';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
/** Its own name per machine user, so parallel benches on one server do not drop each other's database. */
const DB_NAME = process.env.BENCH_SEARCH_DB ?? 'wavecast_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(DB_NAME)) throw new Error(`BENCH_SEARCH_DB must be a plain identifier: ${DB_NAME}`);
const LIMIT = PAGE_SIZES.searchAudio;

const log = (m: string) => console.log(m);
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))] ?? 0;
const ms = (n: number) => `${n.toFixed(2)} ms`;

/** The app as the server runs it, on the given database (no jobs worker, no web app). */
async function appOn(database: Database, dir: string) {
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, LOG_LEVEL: 'silent', WEB_DIST: dir });
  const ctx = appContext({
    config,
    database,
    storage: new LocalStorage(path.join(dir, 'storage')),
    bus: new MemoryBus(),
    jobs: new JobQueue(database),
    mail: new Mailer(database, { from: config.MAIL_FROM, log: () => {} }),
  });

  const app = await buildApp(ctx);
  await app.ready();
  return { app, ctx };
}

/** The same statement(s) the endpoint runs (see searchTracks), straight through the driver. */
async function rawSearch(database: Database, q: string) {
  let rows = await database.query(SEARCH_TRACKS_SQL, searchParams(q, LIMIT, null));
  const corrected = rows[0]?.corrected as string | null | undefined;
  if (corrected) rows = await database.query(SEARCH_TRACKS_SQL, searchParams(q, LIMIT, corrected));
  return rows.filter((r) => r.id !== null);
}

async function measure(label: string, database: Database, dir: string, rounds: number) {
  const { app, ctx } = await appOn(database, dir);
  const queries = benchQueries();
  const endpoint = async (q: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/search?type=audio&q=${encodeURIComponent(q)}` });
    if (res.statusCode !== 200) throw new Error(`search "${q}" answered ${res.statusCode}: ${res.body}`);
    return (res.json() as { tracks: unknown[] }).tracks.length;
  };
  // Same results both ways, then a warm-up round.
  for (const { q } of queries) {
    const [a, b] = [await endpoint(q), (await rawSearch(database, q)).length];
    if (a !== b) throw new Error(`"${q}": endpoint found ${a}, raw SQL ${b}`);
  }
  const api: number[] = [];
  const raw: number[] = [];
  const perKind = new Map<string, { api: number[]; raw: number[]; hits: number }>();
  for (let r = 0; r < rounds; r++) {
    for (const { kind, q } of queries) {
      const entry = perKind.get(kind) ?? { api: [], raw: [], hits: 0 };
      perKind.set(kind, entry);
      // Alternate which goes first, so neither always gets the warmer cache.
      const order = r % 2 === 0 ? (['api', 'raw'] as const) : (['raw', 'api'] as const);
      for (const side of order) {
        const t = performance.now();
        const hits = side === 'api' ? await endpoint(q) : (await rawSearch(database, q)).length;
        const dt = performance.now() - t;
        (side === 'api' ? api : raw).push(dt);
        entry[side].push(dt);
        entry.hits = hits;
      }
    }
  }
  await app.close();
  await ctx.bus.close();

  const sort = (a: number[]) => [...a].sort((x, y) => x - y);
  const [sApi, sRaw] = [sort(api), sort(raw)];
  log(`\n${label}: ${api.length} searches each way (${queries.length} queries x ${rounds} rounds)`);
  log('kind                  hits   endpoint p50 / p95        raw SQL p50 / p95');
  for (const [kind, e] of perKind) {
    const [a, b] = [sort(e.api), sort(e.raw)];
    log(
      `${kind.padEnd(20)} ${String(e.hits).padStart(5)}   ${ms(pct(a, 0.5)).padStart(9)} / ${ms(pct(a, 0.95)).padStart(9)}   ${ms(pct(b, 0.5)).padStart(9)} / ${ms(pct(b, 0.95)).padStart(9)}`,
    );
  }
  const result = {
    apiP50: pct(sApi, 0.5),
    apiP95: pct(sApi, 0.95),
    rawP50: pct(sRaw, 0.5),
    rawP95: pct(sRaw, 0.95),
  };
  log(
    `ALL                          ${ms(result.apiP50).padStart(9)} / ${ms(result.apiP95).padStart(9)}   ${ms(result.rawP50).padStart(9)} / ${ms(result.rawP95).padStart(9)}`,
  );
  log(
    `ratio endpoint / raw SQL: p50 ${(result.apiP50 / result.rawP50).toFixed(2)}x, p95 ${(result.apiP95 / result.rawP95).toFixed(2)}x`,
  );
  return result;
}

async function runPostgres(requested: number, rounds: number) {
  let tracks = requested;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-bench-'));
  const reuse = flag('--reuse');
  if (!reuse) {
    await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${DB_NAME}`);
  }
  const url = new URL(DB_NAME, BENCH_PG_URL).toString();
  const database = await openDatabase({ dataDir: dir, databaseUrl: url });
  try {
    const [{ n }] = (await database.query('SELECT count(*)::int AS n FROM audio_content')) as { n: number }[];
    if (reuse && n > 0) {
      tracks = n;
      log(`PostgreSQL: reusing ${n.toLocaleString('en')} tracks`);
    } else {
      const t = Date.now();
      log(`PostgreSQL: generating ${tracks.toLocaleString('en')} tracks...`);
      await generateCatalogue(database.query.bind(database), { tracks, creators: Math.ceil(tracks / 100), log });
      log(`  generated in ${((Date.now() - t) / 1000).toFixed(0)} s`);
    }
    return await measure(`PostgreSQL, ${tracks.toLocaleString('en')} tracks`, database, dir, rounds);
  } finally {
    await database.close();
    if (!flag('--keep') && !reuse) await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function runPglite(tracks: number, rounds: number) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-bench-'));
  const database = await openDatabase({ dataDir: dir, inMemory: true });
  try {
    const t = Date.now();
    log(`PGlite: generating ${tracks.toLocaleString('en')} tracks...`);
    await generateCatalogue(database.query.bind(database), { tracks, creators: Math.ceil(tracks / 100), log });
    log(`  generated in ${((Date.now() - t) / 1000).toFixed(0)} s`);
    return await measure(`PGlite, ${tracks.toLocaleString('en')} tracks`, database, dir, rounds);
  } finally {
    await database.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const only = flag('--pg') ? 'pg' : flag('--pglite') ? 'pglite' : 'both';
const rounds = option('--rounds', 30);
if (only !== 'pglite') {
  const r = await runPostgres(option('--tracks', 1_000_000), rounds);
  log(
    `PostgreSQL budget (p95 <= ${BUDGETS.search.p95Ms} ms, <= ${BUDGETS.search.vsRaw}x raw SQL): ${verdict(r.apiP95 <= BUDGETS.search.p95Ms && r.apiP95 / r.rawP95 <= BUDGETS.search.vsRaw)}`,
  );
}
if (only !== 'pg') await runPglite(option('--pglite-tracks', 100_000), rounds);
