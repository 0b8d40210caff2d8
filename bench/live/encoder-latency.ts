// Encoder latency benchmark (issue 34, ADR 0042): glass-to-glass delay from an Icecast source
// client (real ffmpeg) through our encoder ingest and relay to the real /live/{id} page, played
// through MSE and through LL-HLS + hls.js, in headless Chromium on loopback.
//
//   npx tsx bench/live/encoder-latency.ts [--seconds 40] [--strict]
//
// The "glass" is ffmpeg's stdin: this process writes 48 kHz PCM into it in real time, 20 ms at a
// time, with 120 ms beeps at irregular gaps, and notes Date.now() as each beep is written. ffmpeg
// encodes Opus into Ogg and sends it to LIVE_INGEST_PORT like the README's command; two encoder
// settings are measured one after the other: ffmpeg's defaults (1 s Ogg pages) and
// `-page_duration 20000` (20 ms pages). Listeners timestamp onsets in the page as latency.ts does.
// Budgets (DESIGN.md §9, bench/budgets.ts): MSE p50 <= 0.8 s, p95 <= 1.2 s; LL-HLS p50 <= 2.5 s, p95 <= 3.5 s.
import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { buildWebIfStale } from '../../scripts/build-web.mjs';
import { BUDGETS, verdict } from '../budgets';
import { children, cleanup, creatorWithStream, fmt, onCleanup, root, sleep, startOurServer } from './common';
import { LAUNCH_ARGS, latencies, ourListener, quantile } from './listen-pages';

const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '40' }, strict: { type: 'boolean', default: false } },
});
const SECONDS = Number(args.seconds);
const BUDGET = BUDGETS.liveEncoderLatency;
const RATE = 48_000;
const STEP_MS = 20;

/** ffmpeg as the encoder, fed PCM in real time; returns the wall times at which beeps were written. */
function encoder(ingest: string, extra: string[]): { child: ChildProcess; beeps: number[]; stop(): void } {
  const child = spawn('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 's16le', '-ar', String(RATE), '-ac', '1', '-i', 'pipe:0'],
    ...['-c:a', 'libopus', '-b:a', '96k', ...extra, '-content_type', 'audio/ogg', '-f', 'ogg', ingest],
  ]);
  children.push(child);
  child.stdin.on('error', () => {});
  const beeps: number[] = [];
  const perStep = (RATE * STEP_MS) / 1000;
  let sample = 0;
  let nextBeep = RATE; // the first beep after 1 s
  let beepEnd = 0;
  let seed = 7;
  const start = Date.now();
  let step = 0;
  const timer = setInterval(() => {
    // Catch up to the wall clock: a late timer writes more steps, never fewer samples than real time.
    const due = Math.floor((Date.now() - start) / STEP_MS);
    for (; step <= due; step++) {
      const pcm = Buffer.alloc(perStep * 2);
      for (let i = 0; i < perStep; i++, sample++) {
        if (sample === nextBeep) {
          beeps.push(Date.now());
          beepEnd = sample + 0.12 * RATE;
          seed = (seed * 48271) % 2147483647;
          nextBeep = sample + Math.round((1.1 + (seed % 1800) / 1000) * RATE);
        }
        const v = sample < beepEnd ? 0.6 * Math.sin((2 * Math.PI * 880 * sample) / RATE) : 0;
        pcm.writeInt16LE(Math.round(v * 32767), i * 2);
      }
      child.stdin.write(pcm);
    }
  }, 5);
  return {
    child,
    beeps,
    stop() {
      clearInterval(timer);
      child.stdin.end();
    },
  };
}

async function measure(label: string, extra: string[]) {
  const server = await startOurServer({ LIVE_INGEST_PORT: '0', LIVE_INGEST_HOST: '127.0.0.1', RTMP_PORT: '0' });
  const { cookie, streamId } = await creatorWithStream(server.base, `Encoder latency: ${label}`);
  const keyRes = await fetch(`${server.base}/api/live/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: server.base },
    body: JSON.stringify({ name: 'Bench encoder' }),
  });
  const keys = (await (await fetch(`${server.base}/api/live/keys`, { headers: { cookie } })).json()) as {
    ingestUrl: string;
  };
  const { secret } = (await keyRes.json()) as { secret: string };
  const url = new URL(keys.ingestUrl.replace(/^icecast:/, 'http:'));
  const enc = encoder(`icecast://source:${secret}@127.0.0.1:${url.port}${url.pathname}`, extra);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: LAUNCH_ARGS,
  });
  await sleep(2000);
  const mse = await ourListener(browser, server.base, streamId);
  const hls = await ourListener(browser, server.base, streamId, true);
  const startAt = Date.now();
  await sleep(SECONDS * 1000);
  const onsets = (p: Page) => p.evaluate(() => (window as unknown as { __onsets: number[] }).__onsets);
  const source = enc.beeps.filter((t) => t >= startAt - 10_000);
  const rows = [
    {
      name: `${label}: relay + MSE (live page)`,
      lat: latencies(
        source,
        (await onsets(mse)).filter((t) => t >= startAt),
      ),
    },
    {
      name: `${label}: LL-HLS + hls.js (live page)`,
      lat: latencies(
        source,
        (await onsets(hls)).filter((t) => t >= startAt),
      ),
    },
  ];
  enc.stop();
  await browser.close();
  await server.stop();
  return rows;
}

async function main() {
  buildWebIfStale({ outDir: path.join(root, 'apps/web/dist') });
  const rows = [
    ...(await measure('ffmpeg defaults (1 s Ogg pages)', [])),
    ...(await measure('ffmpeg -page_duration 20000', ['-page_duration', '20000'])),
  ];
  console.log(
    `\nload average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} on ${os.availableParallelism()} cores`,
  );
  console.log('\n| path | p50 | p90 | p95 | max | beeps matched |');
  console.log('|---|---:|---:|---:|---:|---:|');
  let ok = true;
  for (const r of rows) {
    const budget = r.name.includes('MSE') ? BUDGET.mse : BUDGET.hls;
    const p50 = quantile(r.lat, 0.5);
    const p95 = quantile(r.lat, 0.95);
    const within = r.lat.length >= 5 && p50 <= budget.p50 && p95 <= budget.p95;
    ok &&= within;
    console.log(
      `| ${r.name} | ${fmt(p50)} s | ${fmt(quantile(r.lat, 0.9))} s | ${fmt(p95)} s | ${fmt(Math.max(...r.lat))} s | ${r.lat.length} | budget p50 <= ${budget.p50} s, p95 <= ${budget.p95} s: ${verdict(within)}`,
    );
  }
  await cleanup();
  if (!ok && args.strict) process.exit(1);
}

onCleanup(() => {});
main().catch(async (e) => {
  console.error(e);
  await cleanup();
  process.exit(1);
});
