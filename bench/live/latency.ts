// Live latency benchmark: glass-to-glass delay of our path (browser MediaRecorder -> WebSocket
// ingest -> relay -> the real /live/{id} page playing through MSE at the live edge), of our HLS
// path (the same page in a browser without MSE WebM, so it plays the LL-HLS packaging through
// hls.js) and of icecast2 with a plain <audio> element (our server forwarding the same broadcast
// to it), side by side in one run, in headless Chromium on loopback.
//
//   npx tsx bench/live/latency.ts [--seconds 40]
//
// The publisher page makes beeps at irregular intervals with WebAudio and records them like a
// microphone (MediaRecorder, 64 kbit/s Opus, the app's timeslice); an AnalyserNode timestamps each
// beep's onset as it enters the recorder. Each listener timestamps onsets the same way on what it
// plays, so the detector's own delay cancels. The irregular intervals let us match beeps even when
// a path is seconds behind. Budgets (DESIGN.md §9, bench/budgets.ts): MSE median <= 0.5 s; LL-HLS
// median <= 2.5 s and p95 <= 3.5 s.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium, type Page } from 'playwright-core';
import { icecastMount } from '../../apps/server/src/relay/icecast';
import { findIcecast, startIcecast } from '../../apps/server/src/relay/testing/icecast-server';
import { LIVE_TIMESLICE_MS } from '../../packages/shared/src/contracts/live';
import { buildWebIfStale } from '../../scripts/build-web.mjs';
import { ensurePrograms } from '../../scripts/system-packages.mjs';
import { BUDGETS, verdict } from '../budgets';
import { cleanup, creatorWithStream, fmt, onCleanup, root, sleep, startOurServer } from './common';
import { icecastListener, LAUNCH_ARGS, latencies, ONSET_DETECTOR, ourListener, quantile } from './listen-pages';

const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '40' }, strict: { type: 'boolean', default: false } },
});
const SECONDS = Number(args.seconds);
const BUDGET_S = BUDGETS.liveBrowserLatency.mse.p50;
const HLS_BUDGET = BUDGETS.liveBrowserLatency.hls;

async function publisher(browser: Browser, base: string, cookie: string, streamId: string): Promise<Page> {
  const ctx = await browser.newContext();
  await ctx.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
    }),
  );
  const page = await ctx.newPage();
  await page.goto(`${base}/about`);
  await page.evaluate(ONSET_DETECTOR);
  await page.evaluate(
    async ({ id, timeslice }) => {
      const ctx = new AudioContext({ sampleRate: 48000 });
      await ctx.resume();
      const dest = ctx.createMediaStreamDestination();
      const osc = ctx.createOscillator();
      osc.frequency.value = 880;
      const gain = ctx.createGain();
      gain.gain.value = 0;
      osc.connect(gain);
      gain.connect(dest);
      osc.start();
      (window as unknown as { __watch: (c: AudioContext, n: AudioNode) => void }).__watch(ctx, gain);
      // Beeps of 120 ms at irregular gaps (1.1 to 2.9 s), from a fixed pseudo-random sequence.
      let t = ctx.currentTime + 1;
      let seed = 7;
      for (let i = 0; i < 200; i++) {
        gain.gain.setValueAtTime(0.8, t);
        gain.gain.setValueAtTime(0, t + 0.12);
        seed = (seed * 48271) % 2147483647;
        t += 1.1 + (seed % 1800) / 1000;
      }
      const ws = new WebSocket(`ws://${location.host}/api/live/${id}/ingest`);
      await new Promise((r) => (ws.onopen = r));
      const rec = new MediaRecorder(dest.stream, { mimeType: 'audio/webm;codecs=opus', audioBitsPerSecond: 64000 });
      rec.ondataavailable = (e) => {
        if (e.data.size && ws.readyState === 1) ws.send(e.data);
      };
      rec.start(timeslice);
    },
    { id: streamId, timeslice: LIVE_TIMESLICE_MS },
  );
  return page;
}

async function main() {
  ensurePrograms({ icecast2: 'icecast2' });
  const icecast = findIcecast();
  if (icecast.bin === null) throw new Error(`icecast2 is needed: ${icecast.reason}`);
  const webDist = path.join(root, 'apps/web/dist-bench');
  buildWebIfStale({ outDir: webDist });
  // Icecast as DESIGN.md advises: a small burst (the default 64 KB adds seconds to every join).
  const ice = await startIcecast(icecast.bin, { burstSize: 8192 });
  onCleanup(() => ice.stop());
  const server = await startOurServer({ ICECAST_URL: ice.sourceUrl, WEB_DIST: webDist });
  onCleanup(() => server.stop());
  const { cookie, streamId } = await creatorWithStream(server.base, 'Latency bench');

  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: LAUNCH_ARGS,
  });
  onCleanup(() => browser.close());
  const pub = await publisher(browser, server.base, cookie, streamId);
  await sleep(2000);
  const ours = await ourListener(browser, server.base, streamId);
  const oursHls = await ourListener(browser, server.base, streamId, true);
  const peer = await icecastListener(browser, icecastMount(ice.sourceUrl, streamId).listenUrl);
  console.log(`Measuring for ${SECONDS} s...`);
  const startAt = Date.now();
  await sleep(SECONDS * 1000);
  const onsets = (p: Page) => p.evaluate(() => (window as unknown as { __onsets: number[] }).__onsets);
  const source = (await onsets(pub)).filter((t) => t >= startAt - 10_000);
  const rows = [
    {
      name: 'ours: relay + MSE (live page)',
      lat: latencies(
        source,
        (await onsets(ours)).filter((t) => t >= startAt),
      ),
    },
    {
      name: 'ours: LL-HLS + hls.js (live page)',
      lat: latencies(
        source,
        (await onsets(oursHls)).filter((t) => t >= startAt),
      ),
    },
    {
      name: 'icecast2 + <audio>',
      lat: latencies(
        source,
        (await onsets(peer)).filter((t) => t >= startAt),
      ),
    },
  ];
  console.log('\n| path | p50 | p90 | p95 | max | beeps matched |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${fmt(quantile(r.lat, 0.5))} s | ${fmt(quantile(r.lat, 0.9))} s | ${fmt(quantile(r.lat, 0.95))} s | ${fmt(Math.max(...r.lat))} s | ${r.lat.length} |`,
    );
  }
  const median = quantile(rows[0].lat, 0.5);
  const mseOk = rows[0].lat.length >= 5 && median <= BUDGET_S;
  const hls = rows[1].lat;
  const hlsOk = hls.length >= 5 && quantile(hls, 0.5) <= HLS_BUDGET.p50 && quantile(hls, 0.95) <= HLS_BUDGET.p95;
  console.log(`\nMSE budget (p50 <= ${BUDGET_S} s): ${verdict(mseOk)}`);
  console.log(`HLS budget (p50 <= ${HLS_BUDGET.p50} s, p95 <= ${HLS_BUDGET.p95} s): ${verdict(hlsOk)}`);
  const ok = mseOk && hlsOk;
  await cleanup();
  if (!ok && args.strict) process.exit(1);
}

main().catch(async (e) => {
  console.error(e);
  await cleanup();
  process.exit(1);
});
