// Live fan-out benchmark: CPU per listener of our relay (the real server: WebSocket ingest, WebM
// relay, GET /api/live/:id/stream) versus icecast2 serving the same stream, side by side in one run,
// at 500, 1,000 and 2,000 listeners; and 10,000 listeners on one process (`--listeners 10000`).
//
//   npx tsx bench/live/fanout.ts [--listeners 500,1000,2000] [--seconds 15] [--timeslice 100]
//     [--peer icecast2|none] [--farms N] [--profile DIR] [--strict]
//
// Both get the same Chrome-shaped WebM/Opus at 64 kbit/s, one chunk per timeslice in real time
// (ours over the ingest WebSocket, Icecast over a raw-socket source PUT). Listeners are raw HTTP
// clients in separate processes (`--farms`, one per 2,500 listeners by default). CPU is
// utime+stime of the server process over the window, minus its idle baseline (0 listeners),
// divided by listeners. Budgets (DESIGN.md §9, bench/budgets.ts): ours <= 0.6x icecast2 at 2,000;
// 10,000 listeners on one process, each of ours getting >= 95 % of the stream's bytes in the
// window, none dropped. `--profile DIR` writes our server's V8 CPU profile there (`--cpu-prof`).
import { type ChildProcess, fork } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { connectPublisher } from '../../apps/server/src/relay/testing/clients';
import { findIcecast, startIcecast } from '../../apps/server/src/relay/testing/icecast-server';
import { opusPackets, synthesize } from '../../apps/server/src/relay/testing/webm-fixtures';
import { ensurePrograms } from '../../scripts/system-packages.mjs';
import { BUDGETS, verdict } from '../budgets';
import { children, cleanup, cpuSeconds, creatorWithStream, fmt, onCleanup, sleep, startOurServer } from './common';

const { values: args } = parseArgs({
  options: {
    listeners: { type: 'string', default: '500,1000,2000' },
    seconds: { type: 'string', default: '15' },
    timeslice: { type: 'string', default: '100' },
    peer: { type: 'string', default: 'icecast2' },
    farms: { type: 'string' },
    profile: { type: 'string' },
    strict: { type: 'boolean', default: false },
  },
});
const COUNTS = args.listeners.split(',').map(Number);
const FARMS = Number(args.farms ?? Math.max(1, Math.ceil(Math.max(...COUNTS) / 2500)));
const { servedShare: SERVED_SHARE, served: SERVED } = BUDGETS.liveFanout;
const WINDOW = Number(args.seconds);
const TIMESLICE = Number(args.timeslice);
const BUDGET = BUDGETS.liveFanout.ratio;

interface Sample {
  listeners: number;
  cpuPercent: number;
  minShare: number;
  dropped: number;
}

/** Source chunks for `seconds` of audio (20 ms Opus frames repeated, timecodes continuing). */
function sourceChunks(seconds: number): Buffer[] {
  const base = opusPackets(20, 20);
  const repeat = Math.ceil(seconds / 20);
  const packets = Array.from({ length: repeat }, () => base.packets).flat();
  return synthesize({ ...base, packets }, 'chrome', TIMESLICE);
}

/** Paces chunks in real time through `send`, until stopped. */
function pace(chunks: Buffer[], send: (c: Buffer) => void): () => void {
  let i = 0;
  const start = Date.now();
  let stopped = false;
  const tick = () => {
    if (stopped || i >= chunks.length) return;
    send(chunks[i++]);
    setTimeout(tick, Math.max(0, start + i * TIMESLICE - Date.now()));
  };
  tick();
  return () => {
    stopped = true;
  };
}

/** One listener process: its share of the connections, from its own loopback address. */
function farmProcess(host: string, port: number, urlPath: string, localAddress: string) {
  const child: ChildProcess = fork(
    path.join(import.meta.dirname, 'listeners.ts'),
    [host, String(port), urlPath, localAddress],
    { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  children.push(child);
  const ask = <T>(msg: object) =>
    new Promise<T>((resolve) => {
      child.once('message', (m) => resolve(m as T));
      child.send(msg);
    });
  return {
    ready: new Promise((r) => child.once('message', r)),
    grow: (to: number) => ask<{ ok: true; failed: number }>({ cmd: 'grow', to }),
    stats: () => ask<{ open: number; closed: number; bytes: number[] }>({ cmd: 'stats' }),
    stop: () => child.kill('SIGTERM'),
  };
}

/**
 * The listeners, spread over `FARMS` processes (one Node process cannot read 10,000 sockets ten
 * times a second on this machine and keep up); their CPU is not counted against the server.
 */
function farm(host: string, port: number, urlPath: string) {
  const procs = Array.from({ length: FARMS }, (_, i) => farmProcess(host, port, urlPath, `127.0.0.${i + 2}`));
  return {
    ready: Promise.all(procs.map((p) => p.ready)),
    async grow(to: number) {
      const results = await Promise.all(procs.map((p, i) => p.grow(Math.floor(to / FARMS) + (i < to % FARMS ? 1 : 0))));
      const failed = results.reduce((n, r) => n + r.failed, 0);
      if (failed > 0) console.log(`  (${failed} connection attempts failed while growing to ${to})`);
    },
    async stats() {
      const all = await Promise.all(procs.map((p) => p.stats()));
      return {
        open: all.reduce((n, s) => n + s.open, 0),
        closed: all.reduce((n, s) => n + s.closed, 0),
        perProcess: all.map((s) => s.bytes),
      };
    },
    stop: () => {
      for (const p of procs) p.stop();
    },
  };
}

async function measure(
  name: string,
  pid: number,
  listeners: ReturnType<typeof farm>,
  bytesPerSecond: number,
): Promise<Sample[]> {
  const out: Sample[] = [];
  for (const n of [0, ...COUNTS]) {
    if (n > 0) await listeners.grow(n);
    await sleep(3000); // settle after the joins
    const before = await listeners.stats();
    const cpu0 = cpuSeconds(pid);
    const t0 = Date.now();
    await sleep(WINDOW * 1000);
    const cpu1 = cpuSeconds(pid);
    const elapsed = (Date.now() - t0) / 1000;
    const after = await listeners.stats();
    // Per farm process, the connections open at the window's start (in order; new ones come last).
    const shares = after.perProcess.flatMap((bytes, p) =>
      bytes
        .slice(0, before.perProcess[p].length)
        .map((b, i) => (b - before.perProcess[p][i]) / (bytesPerSecond * elapsed)),
    );
    const minShare = shares.length ? Math.min(...shares) : 1;
    const starved = shares.filter((x) => x < 0.5).length;
    const cpuPercent = ((cpu1 - cpu0) / elapsed) * 100;
    out.push({ listeners: n, cpuPercent, minShare, dropped: after.closed });
    console.log(
      `  ${name.padEnd(8)} ${String(n).padStart(5)} listeners: ${fmt(cpuPercent, 1).padStart(6)} % CPU` +
        (n
          ? `, slowest listener got ${fmt(minShare * 100, 0)} % of the stream, ${starved} got < 50 %, ${after.closed} dropped`
          : ''),
    );
  }
  return out;
}

async function runOurs(chunks: Buffer[], bytesPerSecond: number): Promise<Sample[]> {
  const server = await startOurServer(
    {},
    args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : [],
  );
  onCleanup(() => server.stop());
  const { cookie, streamId } = await creatorWithStream(server.base);
  const pub = connectPublisher(server.base, streamId, { cookie, origin: server.base });
  await new Promise<void>((r) => pub.ws.once('open', () => r()));
  const stop = pace(chunks, (c) => pub.send(c));
  await pub.onAir;
  const listeners = farm('127.0.0.1', server.port, `/api/live/${streamId}/stream`);
  await listeners.ready;
  try {
    return await measure('ours', server.pid, listeners, bytesPerSecond);
  } finally {
    stop();
    listeners.stop();
    pub.close();
    await server.stop();
  }
}

async function runIcecast(bin: string, chunks: Buffer[], bytesPerSecond: number): Promise<Sample[]> {
  const ice = await startIcecast(bin, { burstSize: 8192, clients: 10_000 });
  onCleanup(() => ice.stop());
  const mount = '/bench.webm';
  const src = net.connect(ice.port, '127.0.0.1');
  await new Promise((r) => src.once('connect', r));
  src.setNoDelay(true);
  src.write(
    `PUT ${mount} HTTP/1.1\r\nHost: 127.0.0.1:${ice.port}\r\nAuthorization: Basic ${Buffer.from('source:hackme-test').toString('base64')}\r\n` +
      'Content-Type: audio/webm\r\nIce-Public: 0\r\n\r\n',
  );
  await new Promise((r) => src.once('data', r));
  const stop = pace(chunks, (c) => src.write(c));
  const listeners = farm('127.0.0.1', ice.port, mount);
  await listeners.ready;
  await sleep(1000);
  try {
    return await measure('icecast2', ice.pid, listeners, bytesPerSecond);
  } finally {
    stop();
    listeners.stop();
    src.destroy();
    await ice.stop();
  }
}

/** The verdict lines: the §9 budgets beside what this run measured. */
function verdicts(ours: Sample[], ice: Sample[] | null): boolean {
  const rows = ours.slice(1);
  const atRatio = rows.findIndex((r) => r.listeners === BUDGETS.liveFanout.listeners);
  let ok = true;
  if (atRatio < 0 || !ice) {
    console.log(
      `Budget: <= ${BUDGET}x icecast2 CPU per listener at ${BUDGETS.liveFanout.listeners} listeners: not measured in this run`,
    );
  } else {
    const r = perListenerRatio(ours, ice, atRatio + 1);
    ok &&= r <= BUDGET;
    console.log(
      `Budget: <= ${BUDGET}x icecast2 CPU per listener at ${BUDGETS.liveFanout.listeners} listeners: ${fmt(r)}x, ${verdict(r <= BUDGET)}`,
    );
  }
  for (const r of rows) {
    const served = r.minShare >= SERVED_SHARE && r.dropped === 0;
    ok &&= served;
    const budget = r.listeners === SERVED ? `${SERVED} listeners on one process, ` : '';
    console.log(
      `Budget: ${budget}every listener >= ${fmt(SERVED_SHARE * 100, 0)} % of the stream, none dropped, at ${r.listeners}: ` +
        `slowest ${fmt(r.minShare * 100, 0)} %, ${r.dropped} dropped, ${verdict(served)}`,
    );
  }
  if (!rows.some((r) => r.listeners === SERVED))
    console.log(`Budget: ${SERVED} listeners on one process: not measured in this run`);
  return ok;
}

function perListenerRatio(ours: Sample[], ice: Sample[], i: number): number {
  const n = ours[i].listeners;
  const oursPer = (ours[i].cpuPercent - ours[0].cpuPercent) / n;
  const icePer = (ice[i].cpuPercent - ice[0].cpuPercent) / n;
  return oursPer / Math.max(icePer, 1e-9);
}

async function main() {
  let icecastBin: string | null = null;
  if (args.peer === 'icecast2') {
    ensurePrograms({ icecast2: 'icecast2' });
    const icecast = findIcecast();
    if (icecast.bin === null) throw new Error(`icecast2 is needed: ${icecast.reason}`);
    icecastBin = icecast.bin;
  } else if (args.peer !== 'none') {
    throw new Error('--peer is icecast2 or none');
  }
  const seconds = (COUNTS.length + 1) * (WINDOW + 10) + 60 + Math.max(...COUNTS) / 100;
  const chunks = sourceChunks(seconds);
  const bytes = chunks.reduce((n, c) => n + c.length, 0);
  const bytesPerSecond = bytes / ((chunks.length * TIMESLICE) / 1000);
  console.log(
    `Live fan-out: ${COUNTS.join(', ')} listeners in ${FARMS} listener process(es), ${WINDOW} s windows, ` +
      `a ${fmt((bytesPerSecond * 8) / 1000, 0)} kbit/s WebM/Opus stream in ${TIMESLICE} ms chunks; ` +
      `load average ${os
        .loadavg()
        .map((l) => fmt(l, 1))
        .join(' / ')}.`,
  );
  const ours = await runOurs(chunks, bytesPerSecond);
  const ice = icecastBin ? await runIcecast(icecastBin, chunks, bytesPerSecond) : null;

  console.log('\n| listeners | ours CPU % | icecast2 CPU % | ours per 100 listeners | icecast2 per 100 | ratio |');
  console.log('|---:|---:|---:|---:|---:|---:|');
  for (let i = 1; i < ours.length; i++) {
    const n = ours[i].listeners;
    const oursPer = ((ours[i].cpuPercent - ours[0].cpuPercent) / n) * 100;
    const icePer = ice ? ((ice[i].cpuPercent - ice[0].cpuPercent) / n) * 100 : null;
    console.log(
      `| ${n} | ${fmt(ours[i].cpuPercent, 1)} | ${ice ? fmt(ice[i].cpuPercent, 1) : '-'} | ${fmt(oursPer)} % | ` +
        `${icePer === null ? '-' : `${fmt(icePer)} %`} | ${ice ? `${fmt(perListenerRatio(ours, ice, i))}x` : '-'} |`,
    );
  }
  console.log(
    `\nBaselines (0 listeners): ours ${fmt(ours[0].cpuPercent, 1)} %` +
      (ice ? `, icecast2 ${fmt(ice[0].cpuPercent, 1)} %.` : '.') +
      ` Load average at the end: ${os
        .loadavg()
        .map((l) => fmt(l, 1))
        .join(' / ')}.`,
  );
  const ok = verdicts(ours, ice);
  await cleanup();
  if (!ok && args.strict) process.exit(1);
}

main().catch(async (e) => {
  console.error(e);
  await cleanup();
  process.exit(1);
});
