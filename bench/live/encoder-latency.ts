// Encoder latency benchmark (issue 34, ADR 0042 and 0061): glass-to-glass delay from real encoders
// through our encoder ingest and relay to the real /live/{id} page, played through MSE and through
// LL-HLS + hls.js, beside icecast2 fed by the same encoder setting in the same run, in headless
// Chromium on loopback.
//
//   npx tsx bench/live/encoder-latency.ts [--seconds 30] [--only mp3,ogg-20ms] [--strict]
//
// The "glass" is the encoder's input: this process writes 48 kHz PCM into it in real time, 20 ms at a
// time, with 120 ms beeps at irregular gaps, and notes Date.now() as each beep is written. Each
// setting runs two encoders on the same PCM: one to our ingest (LIVE_INGEST_PORT), one to icecast2
// (ices2 is one process with two instances). Listeners timestamp onsets in the page as latency.ts
// does; a raw client decoding our relay's output with ffmpeg shows how much of the delay is the
// encoder's + relay's and how much the player's. Budgets: bench/budgets.ts (DESIGN.md §9): p50 and
// p95 per player path, and the share of the beeps heard (matched / sent, at least 95 %).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium, type Page } from 'playwright-core';
import { findIcecast, startIcecast } from '../../apps/server/src/relay/testing/icecast-server';
import { buildWebIfStale } from '../../scripts/build-web.mjs';
import { ensurePrograms } from '../../scripts/system-packages.mjs';
import { BUDGETS, verdict } from '../budgets';
import { children, cleanup, creatorWithStream, fmt, onCleanup, root, sleep, startOurServer, tmp } from './common';
import { icecastListener, LAUNCH_ARGS, latencies, ourListener, quantile } from './listen-pages';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    only: { type: 'string' },
    strict: { type: 'boolean', default: false },
  },
});
const SECONDS = Number(args.seconds);
const BUDGET = BUDGETS.liveEncoderLatency;
const RATE = 48_000;
const STEP_MS = 20;

interface Target {
  host: string;
  port: number;
  mount: string;
  password: string;
}

/** An encoder setting: starts its encoder(s) for our ingest and for icecast2, fed on stdin. */
interface Setting {
  key: string;
  label: string;
  /** The icecast2 mount's extension (what `<audio>` is given). */
  ext: string;
  /** The PCM's channels (1 unless said): the same samples in each. */
  channels?: 1 | 2;
  start(ours: Target, peer: Target): ChildProcess[];
}

const icecastUrl = (t: Target) => `icecast://source:${t.password}@${t.host}:${t.port}${t.mount}`;
const ffmpegIn = ['-hide_banner', '-loglevel', 'error', '-f', 's16le', '-ar', String(RATE), '-ac', '1', '-i', 'pipe:0'];
const ffmpeg = (out: string[]) => (ours: Target, peer: Target) =>
  [ours, peer].map((t) => spawn('ffmpeg', [...ffmpegIn, ...out, icecastUrl(t)], { stdio: ['pipe', 'ignore', 'pipe'] }));

/**
 * ices2 reading stereo PCM on stdin (its stdinpcm module reads 32 KB at a time: 170 ms of 48 kHz
 * stereo, twice that of mono), one instance per server, default Vorbis quality; `flushSamples`: its
 * `<flush-samples>` (an Ogg page every so many samples; a second's by default).
 */
const ices2 =
  (flushSamples?: number) =>
  (ours: Target, peer: Target): ChildProcess[] => {
    const flush = flushSamples ? `<flush-samples>${flushSamples}</flush-samples>` : '';
    const instance = (t: Target) => `<instance><hostname>${t.host}</hostname><port>${t.port}</port>
    <password>${t.password}</password><mount>${t.mount}</mount>
    <encode><quality>3</quality><samplerate>${RATE}</samplerate><channels>2</channels>${flush}</encode></instance>`;
    const file = path.join(tmp, `ices-${Date.now()}.xml`);
    fs.writeFileSync(
      file,
      `<?xml version="1.0"?><ices><background>0</background><logpath>${tmp}</logpath><logfile>ices.log</logfile>
    <loglevel>2</loglevel><consolelog>1</consolelog><stream><metadata><name>Bench</name></metadata>
    <input><module>stdinpcm</module><param name="rate">${RATE}</param><param name="channels">2</param></input>
    ${instance(ours)}${instance(peer)}</stream></ices>`,
    );
    // ices2 logs to stdout with consolelog set: read it like ffmpeg's stderr.
    return [spawn('ices2', [file], { stdio: ['pipe', 'pipe', 'pipe'] })];
  };

const SETTINGS: Setting[] = [
  {
    key: 'mp3',
    label: 'ffmpeg defaults, MP3 (`-c:a libmp3lame -f mp3`)',
    ext: 'mp3',
    start: ffmpeg(['-c:a', 'libmp3lame', '-content_type', 'audio/mpeg', '-f', 'mp3']),
  },
  {
    key: 'ogg-1s',
    label: 'ffmpeg defaults, Ogg/Opus (1 s pages)',
    ext: 'ogg',
    start: ffmpeg(['-c:a', 'libopus', '-b:a', '96k', '-content_type', 'audio/ogg', '-f', 'ogg']),
  },
  {
    key: 'ogg-20ms',
    label: 'ffmpeg Ogg/Opus `-page_duration 20000` (the README command)',
    ext: 'ogg',
    start: ffmpeg([
      '-c:a',
      'libopus',
      '-b:a',
      '96k',
      '-page_duration',
      '20000',
      '-content_type',
      'audio/ogg',
      '-f',
      'ogg',
    ]),
  },
  { key: 'ices2', label: 'ices2 defaults (stdinpcm stereo, Ogg/Vorbis q3)', ext: 'ogg', channels: 2, start: ices2() },
  {
    key: 'ices2-50ms',
    label: 'ices2 `<flush-samples>2400</flush-samples>` (the README setting)',
    ext: 'ogg',
    channels: 2,
    start: ices2(2400),
  },
];

/** Real-time PCM with beeps into every encoder's stdin; returns the wall times beeps were written. */
function feed(encoders: ChildProcess[], channels: 1 | 2): { beeps: number[]; stop(): void } {
  for (const e of encoders) e.stdin?.on('error', () => {});
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
      const pcm = Buffer.alloc(perStep * 2 * channels);
      for (let i = 0; i < perStep; i++, sample++) {
        if (sample === nextBeep) {
          beeps.push(Date.now());
          beepEnd = sample + 0.12 * RATE;
          seed = (seed * 48271) % 2147483647;
          nextBeep = sample + Math.round((1.1 + (seed % 1800) / 1000) * RATE);
        }
        const v = sample < beepEnd ? 0.6 * Math.sin((2 * Math.PI * 880 * sample) / RATE) : 0;
        for (let c = 0; c < channels; c++) pcm.writeInt16LE(Math.round(v * 32767), (i * channels + c) * 2);
      }
      for (const e of encoders) e.stdin?.write(pcm);
    }
  }, 5);
  return {
    beeps,
    stop() {
      clearInterval(timer);
      for (const e of encoders) e.stdin?.end();
    },
  };
}

/**
 * Our relay's output without a player: ffmpeg decodes the endless WebM as it arrives and onsets
 * are timestamped when their PCM reaches us (encoder + ingest + transcode + pacing + ~1 decode).
 */
function relayTap(url: string): { onsets: number[]; stop(): void } {
  const child = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-probesize', '4096', '-i', url],
      ...['-f', 's16le', '-ac', '1', '-ar', String(RATE), '-flush_packets', '1', 'pipe:1'],
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  children.push(child);
  const onsets: number[] = [];
  const WINDOW = 120; // 2.5 ms
  let on = false;
  let rest: Buffer = Buffer.alloc(0);
  child.stdout.on('data', (d: Buffer) => {
    const now = Date.now();
    const buf = rest.length ? Buffer.concat([rest, d]) : d;
    const whole = buf.length - (buf.length % (WINDOW * 2));
    for (let w = 0; w < whole; w += WINDOW * 2) {
      let s = 0;
      for (let i = 0; i < WINDOW; i++) s += (buf.readInt16LE(w + i * 2) / 32768) ** 2;
      const rms = Math.sqrt(s / WINDOW);
      if (!on && rms > 0.05) {
        on = true;
        // The onset's time: when the bytes after it would arrive at real-time pace, so a chunk
        // carrying 0.5 s of audio does not date its late beeps early.
        onsets.push(now - ((whole - w) / 2 / RATE) * 1000);
      } else if (on && rms < 0.01) on = false;
    }
    rest = buf.subarray(whole);
  });
  return { onsets, stop: () => child.kill('SIGKILL') };
}

interface Row {
  setting: string;
  path: string;
  budget?: { p50: number; p95: number };
  lat: number[];
  sent: number;
}

/**
 * The share of the beeps sent in the window that the listener's detector matched. Matches can
 * outnumber the beeps counted as sent (a beep from just before the window, or in its last 1.5 s,
 * heard inside it), so the share is capped at 1; null when none was sent (a failed setting).
 */
function heardShare(r: Row): number | null {
  return r.sent > 0 ? Math.min(1, r.lat.length / r.sent) : null;
}

async function measure(setting: Setting, base: string, iceBase: string, icePort: number, browser: Browser) {
  const { cookie, streamId } = await creatorWithStream(base, `Encoder latency: ${setting.key}`);
  const keyRes = await fetch(`${base}/api/live/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: base },
    body: JSON.stringify({ name: 'Bench encoder' }),
  });
  const { secret } = (await keyRes.json()) as { secret: string };
  const keys = (await (await fetch(`${base}/api/live/keys`, { headers: { cookie } })).json()) as { ingestUrl: string };
  const url = new URL(keys.ingestUrl.replace(/^icecast:/, 'http:'));
  const ours = { host: '127.0.0.1', port: Number(url.port), mount: url.pathname, password: secret };
  const peer = {
    host: '127.0.0.1',
    port: icePort,
    mount: `/bench-${setting.key}.${setting.ext}`,
    password: 'hackme-test',
  };
  const encoders = setting.start(ours, peer);
  let stderr = '';
  for (const e of encoders) {
    children.push(e);
    for (const out of [e.stdout, e.stderr]) {
      out?.on('data', (d) => {
        stderr = (stderr + String(d)).slice(-2000);
      });
    }
  }
  const pcm = feed(encoders, setting.channels ?? 1);
  await sleep(3000);
  const pages: Page[] = [];
  const tap = relayTap(`${base}/api/live/${streamId}/stream`);
  try {
    pages.push(await ourListener(browser, base, streamId));
    pages.push(await ourListener(browser, base, streamId, true));
    pages.push(await icecastListener(browser, `${iceBase}${peer.mount}`));
  } catch (e) {
    pcm.stop();
    tap.stop();
    await Promise.all(pages.map((p) => p.context().close()));
    throw new Error(`${setting.key}: ${(e as Error).message}; encoder said: ${stderr.trim()}`);
  }
  // Settle: the first seconds of a join (the late-joiner burst, hls.js's first playlist) are not
  // what a listener hears after that.
  await sleep(3000);
  const startAt = Date.now();
  await sleep(SECONDS * 1000);
  const onsets = async (p: Page) =>
    (await p.evaluate(() => (window as unknown as { __onsets: number[] }).__onsets)).filter((t) => t >= startAt);
  const source = pcm.beeps.filter((t) => t >= startAt - 10_000);
  const sent = pcm.beeps.filter((t) => t >= startAt && t <= Date.now() - 1500).length;
  const [mse, hls, ice] = await Promise.all(pages.map(onsets));
  const rows: Row[] = [
    {
      setting: setting.label,
      path: 'relay output (no player)',
      lat: latencies(
        source,
        tap.onsets.filter((t) => t >= startAt),
      ),
      sent,
    },
    { setting: setting.label, path: 'relay + MSE (live page)', budget: BUDGET.mse, lat: latencies(source, mse), sent },
    {
      setting: setting.label,
      path: 'LL-HLS + hls.js (live page)',
      budget: BUDGET.hls,
      lat: latencies(source, hls),
      sent,
    },
    { setting: setting.label, path: 'icecast2 + `<audio>`', lat: latencies(source, ice), sent },
  ];
  pcm.stop();
  tap.stop();
  await Promise.all(pages.map((p) => p.context().close()));
  await sleep(2000); // the broadcast ends before the next setting starts
  return rows;
}

async function main() {
  ensurePrograms({ icecast2: 'icecast2', ices2: 'ices2' });
  const icecast = findIcecast();
  if (icecast.bin === null) throw new Error(`icecast2 is needed: ${icecast.reason}`);
  buildWebIfStale({ outDir: path.join(root, 'apps/web/dist') });
  const ice = await startIcecast(icecast.bin, { burstSize: 8192 });
  onCleanup(() => ice.stop());
  const server = await startOurServer({ LIVE_INGEST_PORT: '0', LIVE_INGEST_HOST: '127.0.0.1', RTMP_PORT: '0' });
  onCleanup(() => server.stop());
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: LAUNCH_ARGS,
  });
  onCleanup(() => browser.close());
  const only = args.only?.split(',');
  const rows: Row[] = [];
  for (const s of SETTINGS.filter((s) => !only || only.includes(s.key))) {
    console.log(`Measuring ${s.label} for ${SECONDS} s...`);
    try {
      rows.push(...(await measure(s, server.base, ice.baseUrl, ice.port, browser)));
    } catch (e) {
      // One setting failing (a page that never started playing) is reported, the others still run.
      console.error((e as Error).message);
      rows.push({ setting: s.label, path: `failed: ${(e as Error).message.split('\n')[0]}`, lat: [], sent: 0 });
    }
  }
  console.log(
    `\n${new Date().toISOString()}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} on ${os.availableParallelism()} cores, ${SECONDS} s per setting`,
  );
  console.log('\n| encoder | path | p50 | p95 | max | beeps matched / sent | budget |');
  console.log('|---|---|---:|---:|---:|---:|---|');
  let recommendedOk = true;
  for (const r of rows) {
    const p50 = quantile(r.lat, 0.5);
    const p95 = quantile(r.lat, 0.95);
    let budget = '';
    if (r.budget) {
      const within = r.lat.length >= 5 && p50 <= r.budget.p50 && p95 <= r.budget.p95;
      const heard = heardShare(r);
      if (r.setting.includes('README')) recommendedOk &&= within && heard !== null && heard >= BUDGET.heardShare;
      budget = `p50 <= ${r.budget.p50} s, p95 <= ${r.budget.p95} s: ${verdict(within)}`;
    }
    console.log(
      `| ${r.setting} | ${r.path} | ${fmt(p50)} s | ${fmt(p95)} s | ${fmt(Math.max(...r.lat))} s | ${r.lat.length} / ${r.sent} | ${budget} |`,
    );
  }
  // §9's third encoder budget: how much of the audio a listener hears, per player path.
  console.log(
    `\nHeard (budget, DESIGN.md §9: >= ${fmt(BUDGET.heardShare * 100, 0)} % of the audio heard), beeps matched / sent, capped at 100 %:`,
  );
  for (const r of rows.filter((r) => r.budget)) {
    const share = heardShare(r);
    const line =
      share === null ? 'nothing sent: not judged' : `${fmt(share * 100, 1)} %: ${verdict(share >= BUDGET.heardShare)}`;
    console.log(`  ${r.setting}, ${r.path}: ${Math.min(r.lat.length, r.sent)} / ${r.sent} = ${line}`);
  }
  await cleanup();
  if (!recommendedOk && args.strict) process.exit(1);
}

main().catch(async (e) => {
  console.error(e);
  await cleanup();
  process.exit(1);
});
