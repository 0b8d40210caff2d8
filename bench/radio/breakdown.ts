// Where one radio channel's CPU goes: node (the timeline, the mix, the pipes) vs its ffmpeg
// encoder vs its decoders, with wake-ups (context switches) per second of each, from /proc.
//   npx tsx bench/radio/breakdown.ts [--seconds 30] [--warmup 8] [--channels 1]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startRadioChannel } from '../../apps/server/src/modules/radio/engine/channel';
import { generatedTrack, memoryLibrary } from '../../apps/server/src/modules/radio/engine/testing';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '8' },
    channels: { type: 'string', default: '1' },
    profile: { type: 'string' },
  },
});
const TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sample {
  cmd: string;
  cpu: number;
  reaped: number;
  switches: number;
}
function sample(pid: number): Sample | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    let switches = 0;
    for (const t of fs.readdirSync(`/proc/${pid}/task`)) {
      const s = fs.readFileSync(`/proc/${pid}/task/${t}/status`, 'utf8');
      switches += Number(/voluntary_ctxt_switches:\s+(\d+)/.exec(s)?.[1] ?? 0);
      switches += Number(/nonvoluntary_ctxt_switches:\s+(\d+)/.exec(s)?.[1] ?? 0);
    }
    const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return {
      cmd:
        cmd.includes('pipe:0') && cmd.includes('libopus')
          ? 'encoder'
          : cmd[0].includes('ffmpeg')
            ? 'decoder'
            : pid === process.pid
              ? 'node'
              : path.basename(cmd[0]),
      cpu: (Number(f[11]) + Number(f[12])) / TICKS,
      reaped: (Number(f[13]) + Number(f[14])) / TICKS,
      switches,
    };
  } catch {
    return null;
  }
}
const children = (pid: number) =>
  fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((t) => fs.readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(' '))
    .filter(Boolean)
    .map(Number);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wavecast-radio-breakdown-'));
const tracks = await Promise.all(
  [-8, 3, -4, -6, 0, -5, 4, -2].map((volumeDb, i) =>
    generatedTrack(dir, `t${i}`, { seconds: 45 + i * 6, volumeDb, artistId: `a${i % 4}` }),
  ),
);
const library = memoryLibrary(tracks);
const n = Number(args.channels);
const handles = Array.from({ length: n }, (_, i) =>
  startRadioChannel(
    {
      channelId: `b${i}`,
      rotations: [{ id: 'all', weight: 1, trackIds: tracks.map((t) => t.id) }],
      noArtistRepeat: 1,
      noTrackRepeatHours: 0,
      shows: [],
      jingles: null,
      djGraceSeconds: 8,
      djOnlyInSlots: false,
    },
    { library, output: { push: () => {}, title: () => {}, end: () => {} }, seed: `bench-${i}` },
  ),
);
await sleep(Number(args.warmup) * 1000);
// Every child seen: first and last sample (a decoder that exits is counted to its last sample).
const seen = new Map<number, { first: Sample; last: Sample }>();
const take = () => {
  for (const pid of [process.pid, ...children(process.pid)]) {
    const s = sample(pid);
    if (!s) continue;
    const e = seen.get(pid);
    if (e) e.last = s;
    else seen.set(pid, { first: s, last: s });
  }
};
// --profile FILE: the main thread's CPU profile over the measured window only.
const session = args.profile ? new Session() : null;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
take();
const firstPids = new Set(seen.keys());
const t0 = performance.now();
const end = t0 + Number(args.seconds) * 1000;
while (performance.now() < end) {
  // Once a second: cheap beside the channel (a decoder that exits loses under a second of its CPU).
  await sleep(1000);
  take();
}
const wall = (performance.now() - t0) / 1000;
if (session && args.profile) {
  const { profile } = await session.post('Profiler.stop');
  fs.writeFileSync(args.profile, JSON.stringify(profile));
}
const by = new Map<string, { cpu: number; switches: number; procs: number }>();
for (const [pid, { first, last }] of seen) {
  // Processes born during the window count from zero.
  const base = firstPids.has(pid) ? first : { cpu: 0, switches: 0 };
  const k = by.get(last.cmd) ?? { cpu: 0, switches: 0, procs: 0 };
  k.cpu += last.cpu - base.cpu;
  k.switches += last.switches - base.switches;
  k.procs++;
  by.set(last.cmd, k);
}
console.log(
  `${n} channel(s), ${wall.toFixed(1)} s, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
let total = 0;
for (const [k, v] of by) {
  total += v.cpu;
  console.log(
    `  ${k.padEnd(8)} ${((v.cpu / wall) * 100).toFixed(2)} % of a core, ${(v.switches / wall).toFixed(0)} context switches/s, ${v.procs} process(es)`,
  );
}
console.log(`  total    ${((total / wall) * 100).toFixed(2)} %`);
await Promise.all(handles.map((h) => h.stop()));
fs.rmSync(dir, { recursive: true, force: true });
