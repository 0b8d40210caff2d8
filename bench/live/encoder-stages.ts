// Where an encoder's latency goes before the relay (issue 34, ADR 0061), without a server or a browser:
// real-time PCM into a real encoder (ffmpeg), its output into our transcoder (`liveToWebm`, the
// ingest's own), and for each stage how late audio comes out relative to when its PCM was written.
//
//   npx tsx bench/live/encoder-stages.ts [--seconds 10]
//
// - encoder: Ogg only, from each page's granule position (the page's last sample): how long after
//   that sample was written the page reached us.
// - transcoder: every WebM block out of liveToWebm, from its timecode; the first block's delay
//   after the encoder's first byte is the transcoder's start (its input probing).
import { spawn } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { type LiveInputFormat, liveToWebm } from '../../apps/server/src/media/live-transcode';
import { WebmDemuxer } from '../../apps/server/src/relay/webm-demuxer';
import { BUDGETS } from '../budgets';
import { fmt, sleep } from './common';
import { quantile } from './listen-pages';

const { values: args } = parseArgs({ options: { seconds: { type: 'string', default: '10' } } });
const SECONDS = Number(args.seconds);
const RATE = 48_000;

const ENCODERS: { label: string; out: string[]; format: LiveInputFormat }[] = [
  { label: 'ffmpeg MP3 (defaults)', out: ['-c:a', 'libmp3lame', '-f', 'mp3'], format: 'mp3' },
  {
    label: 'ffmpeg Ogg/Opus (defaults, 1 s pages)',
    out: ['-c:a', 'libopus', '-b:a', '96k', '-f', 'ogg'],
    format: 'ogg-opus',
  },
  {
    label: 'ffmpeg Ogg/Opus -page_duration 20000',
    out: ['-c:a', 'libopus', '-b:a', '96k', '-page_duration', '20000', '-f', 'ogg'],
    format: 'ogg-opus',
  },
  {
    // Like ices2 (libvorbis q3, libogg's ~4 KB pages: ~0.3 s at q3's ~110 kbit/s).
    label: 'ffmpeg Ogg/Vorbis q3, 0.3 s pages (as ices2)',
    out: ['-c:a', 'libvorbis', '-q:a', '3', '-page_duration', '300000', '-f', 'ogg'],
    format: 'ogg',
  },
  { label: 'ffmpeg AAC in FLV (what RTMP carries)', out: ['-c:a', 'aac', '-f', 'flv'], format: 'flv' },
];

async function stage(enc: (typeof ENCODERS)[number]) {
  const child = spawn('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 's16le', '-ar', String(RATE), '-ac', '1', '-i', 'pipe:0'],
    ...enc.out,
    'pipe:1',
  ]);
  child.stdin.on('error', () => {});
  const start = Date.now();
  let firstByte: number | null = null;
  let firstBlock: number | null = null;
  const pageLag: number[] = [];
  const blockLag: number[] = [];
  let msPerUnit = 1;
  let clusterTc = 0;
  const demuxer = new WebmDemuxer({
    header: (h) => {
      msPerUnit = h.timecodeScale / 1e6;
    },
    cluster: (tc) => {
      clusterTc = tc;
    },
    block: (_b, rel) => {
      const now = Date.now() - start;
      firstBlock ??= now;
      blockLag.push(now - (clusterTc + rel) * msPerUnit);
    },
  });
  const transcoder = liveToWebm(enc.format, (c) => demuxer.push(c));
  child.stdout.on('data', (d: Buffer) => {
    const now = Date.now() - start;
    firstByte ??= now;
    for (let i = d.indexOf('OggS'); i >= 0 && i + 14 <= d.length; i = d.indexOf('OggS', i + 4)) {
      const granule = Number(d.readBigInt64LE(i + 6));
      if (granule > 0) pageLag.push(now - (granule * 1000) / RATE);
    }
    transcoder.write(d);
  });
  let written = 0;
  const timer = setInterval(() => {
    const due = Math.floor(((Date.now() - start) / 1000) * RATE);
    if (due > written) child.stdin.write(Buffer.alloc((due - written) * 2));
    written = Math.max(written, due);
  }, 5);
  await sleep(SECONDS * 1000);
  clearInterval(timer);
  child.kill('SIGKILL');
  transcoder.kill();
  // The steady state: the first third (the start's backlog) is left out.
  const steady = (xs: number[]) => xs.slice(Math.floor(xs.length / 3));
  const range = (xs: number[]) =>
    xs.length
      ? `${fmt(quantile(xs, 0) / 1000)}–${fmt(quantile(xs, 1) / 1000)} s (p50 ${fmt(quantile(xs, 0.5) / 1000)})`
      : '—';
  const startDelay = firstBlock !== null && firstByte !== null ? `${fmt((firstBlock - firstByte) / 1000)} s` : '—';
  console.log(`| ${enc.label} | ${range(steady(pageLag))} | ${startDelay} | ${range(steady(blockLag))} |`);
}

async function main() {
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}, ${SECONDS} s per encoder\n`,
  );
  console.log(
    '| encoder | Ogg page end reaches us | transcoder start (first byte → first block) | transcoder output lag |',
  );
  console.log('|---|---|---|---|');
  for (const enc of ENCODERS) await stage(enc);
  // A diagnosis, not a verdict: the budgets it explains are encoder-latency.ts's.
  const { mse, hls } = BUDGETS.liveEncoderLatency;
  console.log(
    `\nbudgets (bench/budgets.ts), judged by encoder-latency.ts: MSE p50 <= ${mse.p50} s, p95 <= ${mse.p95} s; LL-HLS p50 <= ${hls.p50} s, p95 <= ${hls.p95} s`,
  );
}

void main();
