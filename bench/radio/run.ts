// Radio auto-DJ benchmark (issue 38): CPU per channel of the engine (timeline, ffmpeg decoders,
// gain and crossfades in JS, the WebM/Opus encoder: rendering and packaging) in real time, and how
// many channels one process holds under 70 % of a core; beside Liquidsoap (Debian 2.1.3) playing
// the same tracks with a crossfade into Opus at the same bitrate, in the same run. Judged against
// DESIGN.md §9 (`BUDGETS.radioAutoDj`): CPU per channel ≤ 1.0× Liquidsoap's, and no silence over
// 100 ms at the switches (the longest silence in the first channel's decoded output of each run,
// its tracks being noise between silent pads the engine must cut).
//
//   npx tsx bench/radio/run.ts [--seconds 60] [--channels 1,4] [--warmup 8]
//
// CPU is counted for the whole process tree (its own time, its reaped children's, and the live
// children's at the sample), from /proc, between two samples after a warm-up.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startRadioChannel } from '../../apps/server/src/modules/radio/engine/channel';
import { generatedTrack, memoryLibrary } from '../../apps/server/src/modules/radio/engine/testing';
import type { RadioChannelHandle, RadioOutput, RadioProgram } from '../../apps/server/src/modules/radio/engine/types';
import { longestSilenceMs } from '../../apps/server/src/relay/testing/decode';
import { BUDGETS, verdict } from '../budgets';
import { stopChildren } from '../processes';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    channels: { type: 'string', default: '1,4' },
    warmup: { type: 'string', default: '8' },
  },
});
const SECONDS = Number(args.seconds);
const WARMUP = Number(args.warmup);
const COUNTS = String(args.channels).split(',').map(Number);
const { coreShare: CORE_SHARE, vsLiquidsoap: VS_LIQUIDSOAP, maxSilenceMs: MAX_SILENCE_MS } = BUDGETS.radioAutoDj;
const BITRATE = 96_000;
const TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
const step = (m: string) => process.stderr.write(`… ${m}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU seconds of a process tree: its own, its reaped children's, and its live descendants'. */
function treeCpuSeconds(root: number): number {
  const stats = new Map<number, { ppid: number; own: number; reaped: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
      // After the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
      stats.set(Number(entry), {
        ppid: Number(f[1]),
        own: Number(f[11]) + Number(f[12]),
        reaped: Number(f[13]) + Number(f[14]),
      });
    } catch {
      // gone meanwhile
    }
  }
  let ticks = 0;
  const walk = (pid: number, isRoot: boolean) => {
    const s = stats.get(pid);
    if (!s) return;
    ticks += s.own + (isRoot ? s.reaped : 0);
    for (const [child, c] of stats) if (c.ppid === pid) walk(child, false);
  };
  walk(root, true);
  return ticks / TICKS;
}

/** Counts a channel's bytes and track changes; `keep`: also keeps its bytes (to judge its silences). */
const countingOutput = (keep = false): RadioOutput & { bytes: number; titles: number; kept: Buffer[] } => {
  const o = {
    bytes: 0,
    titles: 0,
    kept: [] as Buffer[],
    push: (c: Buffer) => {
      o.bytes += c.length;
      if (keep) o.kept.push(c);
    },
    title: () => {
      o.titles++;
    },
    end: () => {},
  };
  return o;
};

async function benchEngine(dir: string, trackIds: string[], library: ReturnType<typeof memoryLibrary>, n: number) {
  const outputs = Array.from({ length: n }, (_, i) => countingOutput(i === 0));
  const handles: RadioChannelHandle[] = outputs.map((output, i) => {
    const program: RadioProgram = {
      channelId: `bench-${i}`,
      rotations: [{ id: 'all', weight: 1, trackIds }],
      noArtistRepeat: 1,
      noTrackRepeatHours: 0,
      shows: [],
      jingles: null,
      djGraceSeconds: 8,
      djOnlyInSlots: false,
    };
    return startRadioChannel(program, { library, output, seed: `bench-${i}`, bitrate: BITRATE });
  });
  void dir;
  await sleep(WARMUP * 1000);
  const cpu0 = treeCpuSeconds(process.pid);
  const bytes0 = outputs.reduce((s, o) => s + o.bytes, 0);
  const rendered0 = handles.map((h) => h.renderedUntil());
  const t0 = performance.now();
  await sleep(SECONDS * 1000);
  const cpu = treeCpuSeconds(process.pid) - cpu0;
  const wall = (performance.now() - t0) / 1000;
  const bytes = outputs.reduce((s, o) => s + o.bytes, 0) - bytes0;
  // Real time kept: audio rendered per wall second, the slowest channel (1.00: keeping up).
  const pace = Math.min(...handles.map((h, i) => (h.renderedUntil() - rendered0[i]) / 1000 / wall));
  await Promise.all(handles.map((h) => h.stop()));
  const kbps = (bytes * 8) / wall / n / 1000;
  // The first channel decoded whole (its first and last 0.3 s left out): its longest near-silence.
  const silenceMs = longestSilenceMs(Buffer.concat(outputs[0].kept));
  return {
    n,
    share: cpu / wall,
    perChannel: cpu / wall / n,
    kbps,
    pace,
    silenceMs,
    switches: Math.max(0, outputs[0].titles - 1),
  };
}

async function benchLiquidsoap(dir: string, files: string[]) {
  const list = path.join(dir, 'list.m3u');
  fs.writeFileSync(list, `${files.join('\n')}\n`);
  const script = path.join(dir, 'radio.liq');
  fs.writeFileSync(
    script,
    [
      'settings.init.allow_root.set(true)',
      'settings.log.stdout.set(false)',
      'settings.log.file.set(false)',
      `s = playlist(mode="randomize", reload_mode="never", "${list}")`,
      's = crossfade(duration=3., s)',
      `output.file(%opus(bitrate=${BITRATE / 1000}, samplerate=48000, channels=2), "${path.join(dir, 'liq.opus')}", fallible=true, s)`,
    ].join('\n'),
  );
  const child: ChildProcess = spawn('liquidsoap', [script], { stdio: 'ignore' });
  try {
    // Liquidsoap takes several seconds to start (its standard library): measured from its first output.
    const out = path.join(dir, 'liq.opus');
    const deadline = Date.now() + 120_000;
    while (!fs.existsSync(out)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('liquidsoap produced no output');
      await sleep(200);
    }
    await sleep(WARMUP * 1000);
    const pid = child.pid as number;
    const cpu0 = treeCpuSeconds(pid);
    const size0 = fs.statSync(path.join(dir, 'liq.opus')).size;
    const t0 = performance.now();
    await sleep(SECONDS * 1000);
    const cpu = treeCpuSeconds(pid) - cpu0;
    const wall = (performance.now() - t0) / 1000;
    const kbps = ((fs.statSync(path.join(dir, 'liq.opus')).size - size0) * 8) / wall / 1000;
    return { share: cpu / wall, kbps, silenceMs: longestSilenceMs(fs.readFileSync(out)) };
  } finally {
    await stopChildren([child]);
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wavecast-bench-radio-'));
  try {
    step('generating 8 tracks (pink noise, 45-90 s, varied loudness) and measuring their cues');
    const tracks = await Promise.all(
      [-8, 3, -4, -6, 0, -5, 4, -2].map((volumeDb, i) =>
        generatedTrack(dir, `t${i}`, { seconds: 45 + i * 6, volumeDb, artistId: `a${i % 4}` }),
      ),
    );
    const library = memoryLibrary(tracks);
    const ids = tracks.map((t) => t.id);
    const load = os.loadavg().map((l) => l.toFixed(1));
    const results = [];
    for (const n of COUNTS) {
      step(`engine: ${n} channel(s), ${SECONDS} s measured after ${WARMUP} s`);
      results.push(await benchEngine(dir, ids, library, n));
    }
    step(`liquidsoap: one playlist, ${SECONDS} s measured`);
    const liq = await benchLiquidsoap(
      dir,
      tracks.map((t) => t.path),
    );
    const loadAfter = os.loadavg().map((l) => l.toFixed(1));
    const best = Math.min(...results.map((r) => r.perChannel));
    const worst = Math.max(...results.map((r) => r.perChannel));
    console.log(
      `\nRadio auto-DJ, ${os.cpus().length} cores, load average ${load.join(' ')} before, ${loadAfter.join(' ')} after`,
    );
    for (const r of results) {
      console.log(
        `  engine ${String(r.n).padStart(2)} channel(s): ${(r.share * 100).toFixed(1)} % of a core in all, ${(r.perChannel * 100).toFixed(1)} % per channel, output ${r.kbps.toFixed(0)} kbit/s per channel, ${r.pace.toFixed(2)}× real time (slowest channel), longest silence ${r.silenceMs.toFixed(0)} ms over ${r.switches} switch(es) (first channel)`,
      );
    }
    console.log(
      `  liquidsoap 2.1.3 one playlist: ${(liq.share * 100).toFixed(1)} % of a core, output ${liq.kbps.toFixed(0)} kbit/s, longest silence ${liq.silenceMs.toFixed(0)} ms`,
    );
    console.log(
      `  channels under ${CORE_SHARE * 100} % of a core (issue 38): ${Math.floor(CORE_SHARE / worst)} (at the highest per-channel cost measured; ${Math.floor(CORE_SHARE / best)} at the lowest)`,
    );
    // §9 judged at the highest per-channel cost measured (one channel carries the fixed costs alone).
    const ratio = worst / liq.share;
    console.log(
      `  engine per channel / liquidsoap: ${ratio.toFixed(2)}× (highest) – ${(best / liq.share).toFixed(2)}× (lowest); budget (DESIGN.md §9) <= ${VS_LIQUIDSOAP.toFixed(1)}x: ${verdict(ratio <= VS_LIQUIDSOAP)}`,
    );
    const silence = Math.max(...results.map((r) => r.silenceMs));
    const switches = results.reduce((s, r) => s + r.switches, 0);
    console.log(
      `  longest silence in the engine's output: ${silence.toFixed(0)} ms over ${switches} switch(es); budget (DESIGN.md §9) no silence > ${MAX_SILENCE_MS} ms at switches: ${switches > 0 ? verdict(silence <= MAX_SILENCE_MS) : 'not judged (no switch in the window: run longer)'}`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
