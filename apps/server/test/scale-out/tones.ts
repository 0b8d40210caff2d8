/**
 * Which test tone is heard when: the scale-out test's encoder sends one tone before the crash and
 * another after it, so a capture (a listener's, the recording) shows whose audio it holds.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFfmpeg } from '../../src/media/ffmpeg';

const RATE = 8000;
const WINDOW = 400; // 50 ms

/** Goertzel power of `freq` in samples[from, from + WINDOW). */
function power(samples: Int16Array, from: number, freq: number): number {
  const k = 2 * Math.cos((2 * Math.PI * freq) / RATE);
  let s1 = 0;
  let s2 = 0;
  for (let i = from; i < from + WINDOW; i++) {
    const s0 = samples[i] + k * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  return s1 * s1 + s2 * s2 - k * s1 * s2;
}

export interface ToneRuns {
  /** Seconds in which each tone clearly dominates. */
  seconds: Record<number, number>;
  /** The tones in the order they are heard, each run of 0.5 s or more once (e.g. [440, 880]). */
  order: number[];
}

/** Decodes `media` (any container ffmpeg reads) and measures where each of `tones` dominates. */
export function toneRuns(media: Buffer, tones: number[]): ToneRuns {
  // A file, not a pipe: a recording's container may need seeking.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-tones-'));
  const file = path.join(dir, 'media');
  fs.writeFileSync(file, media);
  const r = spawnSync(
    findFfmpeg(),
    ['-v', 'error', '-i', file, '-ac', '1', '-ar', String(RATE), '-f', 's16le', 'pipe:1'],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  fs.rmSync(dir, { recursive: true, force: true });
  const pcm = r.stdout as Buffer;
  const samples = new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.length / 2));
  const seconds: Record<number, number> = Object.fromEntries(tones.map((t) => [t, 0]));
  const order: number[] = [];
  let run = null as { tone: number; windows: number } | null;
  for (let from = 0; from + WINDOW <= samples.length; from += WINDOW) {
    const p = tones.map((t) => power(samples, from, t));
    const best = p.indexOf(Math.max(...p));
    // Clearly that tone: ten times the others' power, and not near-silence.
    const clear = p.every((x, i) => i === best || x * 10 < p[best]) && p[best] > 1e9;
    const tone = clear ? tones[best] : null;
    if (tone !== null) seconds[tone] += WINDOW / RATE;
    if (tone !== null && run?.tone === tone) run.windows++;
    else run = tone === null ? null : { tone, windows: 1 };
    if (run && run.windows === 10 && order.at(-1) !== run.tone) order.push(run.tone);
  }
  return { seconds, order };
}
