// Job queue benchmark: our queue (apps/server/src/jobs/queue.ts) next to pg-boss 10, on PGlite and
// on PostgreSQL. N no-op jobs enqueued one by one, then drained by a started worker; then the
// latency from enqueue to the handler starting, for an idle worker. See README.md.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import { type Database, openDatabase } from '../../apps/server/src/db/client';
import { JobQueue } from '../../apps/server/src/jobs/queue';
import { adminQuery, BENCH_PG_URL } from '../postgres';

const N = Number(process.env.JOBS ?? 2000);
const SAMPLES = Number(process.env.SAMPLES ?? 20);
const SCRATCH = 'wavecast_bench_jobs';
const log = (m: string) => console.log(m);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * (s.length - 1)))] ?? 0;
  return `median ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, max ${at(1).toFixed(1)} ms`;
};

/** Resolves once `count()` reaches `target` (polled every 5 ms). */
async function until(count: () => number, target: number, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (count() < target) {
    if (Date.now() > deadline) throw new Error(`timed out at ${count()}/${target}`);
    await sleep(5);
  }
}

async function ours(label: string, database: Database): Promise<void> {
  const q = new JobQueue<{ 'bench.noop': { i: number } }>(database);
  let done = 0;
  let startedAt = 0;
  q.register('bench.noop', async () => {
    startedAt = performance.now();
    done++;
  });
  let t = performance.now();
  for (let i = 0; i < N; i++) await q.enqueue('bench.noop', { i });
  const enqueueMs = performance.now() - t;
  t = performance.now();
  q.start(1000);
  await until(() => done, N);
  const drainMs = performance.now() - t;
  const latencies: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    await sleep(50);
    const before = done;
    const sent = performance.now();
    await q.enqueue('bench.noop', { i });
    await until(() => done, before + 1);
    latencies.push(startedAt - sent);
  }
  await q.stop();
  log(
    `| ours | ${label} | ${((N / enqueueMs) * 1000).toFixed(0)} jobs/s | ${((N / drainMs) * 1000).toFixed(0)} jobs/s | ${stats(latencies)} |`,
  );
}

async function boss(label: string, options: PgBoss.ConstructorOptions): Promise<void> {
  const b = new PgBoss({ ...options, supervise: false, schedule: false });
  b.on('error', (e) => console.error(e.message));
  await b.start();
  const name = 'bench-noop';
  await b.createQueue(name);
  let done = 0;
  let startedAt = 0;
  const handler = async (jobs: PgBoss.Job[]) => {
    startedAt = performance.now();
    done += jobs.length;
  };
  let t = performance.now();
  for (let i = 0; i < N; i++) await b.send(name, { i });
  const enqueueMs = performance.now() - t;
  // One job per fetch waits the polling interval between fetches (≥ 0.5 s): drain in batches of 100.
  t = performance.now();
  await b.work(name, { batchSize: 100, pollingIntervalSeconds: 0.5 }, handler);
  await until(() => done, N);
  const drainMs = performance.now() - t;
  await b.offWork(name);
  await sleep(600);
  // An idle worker polling at its minimum interval, one job per fetch (how our handlers run).
  const id = await b.work(name, { batchSize: 1, pollingIntervalSeconds: 0.5 }, handler);
  const polled: number[] = [];
  const notified: number[] = [];
  for (const list of [polled, notified]) {
    for (let i = 0; i < SAMPLES; i++) {
      await sleep(50 + Math.random() * 500);
      const before = done;
      const sent = performance.now();
      await b.send(name, { i });
      // In one process the sender can wake the worker, as our queue does.
      if (list === notified) b.notifyWorker(id);
      await until(() => done, before + 1);
      list.push(startedAt - sent);
    }
  }
  // The same worker draining a backlog one job per fetch: it waits its interval between fetches.
  const backlog = 20;
  for (let i = 0; i < backlog; i++) await b.send(name, { i });
  const before = done;
  t = performance.now();
  await until(() => done, before + backlog);
  const oneByOne = (backlog / (performance.now() - t)) * 1000;
  await b.stop({ graceful: false, wait: true });
  log(
    `| pg-boss | ${label} | ${((N / enqueueMs) * 1000).toFixed(0)} jobs/s | ${((N / drainMs) * 1000).toFixed(0)} jobs/s in batches of 100; ${oneByOne.toFixed(1)} jobs/s one per fetch | polled: ${stats(polled)}; woken: ${stats(notified)} |`,
  );
}

/** pg-boss's `db` option on PGlite: statements without parameters through exec (they may be several). */
function pgliteDb(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return { rows: (await client.query(text, values)).rows };
    },
  };
}

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-bench-jobs-'));
const url = new URL(SCRATCH, BENCH_PG_URL).toString();
log(`N = ${N} no-op jobs, ${SAMPLES} latency samples per row; ${os.cpus().length} cores`);
log('| queue | database | enqueue (one by one) | drain | enqueue → handler start, idle worker |');
log('|---|---|---|---|---|');
try {
  const pglite = await openDatabase({ dataDir: path.join(dir, 'ours') });
  await ours('PGlite', pglite);
  await pglite.close();

  const client = await PGlite.create({ dataDir: path.join(dir, 'boss') });
  await boss('PGlite', { db: pgliteDb(client) });
  await client.close();

  await adminQuery(`DROP DATABASE IF EXISTS ${SCRATCH}`);
  await adminQuery(`CREATE DATABASE ${SCRATCH}`);
  const postgres = await openDatabase({ dataDir: dir, databaseUrl: url });
  await ours('PostgreSQL', postgres);
  await postgres.close();
  await boss('PostgreSQL', { connectionString: url, max: 10 });
} finally {
  await adminQuery(`DROP DATABASE IF EXISTS ${SCRATCH}`).catch(() => {});
  await fs.rm(dir, { recursive: true, force: true });
}
