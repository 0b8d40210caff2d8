import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { findFfmpeg } from '../../../media/ffmpeg';
import { analyzeTrack } from './analyze';
import type { RadioOutput, RadioTrack, TrackLibrary } from './types';

const run = promisify(execFile);

/** Generated audio for engine tests and the bench: ffmpeg lavfi sources, encoded as uploads are (Opus/WebM). */
export async function generateAudio(
  file: string,
  lavfi: string,
  opts: { codec?: 'webm' | 'ogg' } = {},
): Promise<string> {
  const format = opts.codec === 'ogg' ? ['-f', 'ogg'] : ['-f', 'webm'];
  await run(findFfmpeg(), [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    lavfi,
    '-c:a',
    'libopus',
    '-b:a',
    '64k',
    ...format,
    '-y',
    file,
  ]);
  return file;
}

/**
 * A track of `seconds` of pink noise (full-scale, then `volumeDb`), or of a tone at amplitude `amp`, with
 * silence padding at both ends, measured by the same analysis uploads get. `clicksEverySeconds`: a
 * full-scale 1 ms burst (1.5 kHz) that often over the noise: peaks far above a quiet programme.
 */
export async function generatedTrack(
  dir: string,
  id: string,
  o: {
    seconds: number;
    amp?: number;
    volumeDb?: number;
    artistId: string;
    padIn?: number;
    padOut?: number;
    tone?: number;
    bandLimitHz?: number;
    clicksEverySeconds?: number;
  },
): Promise<RadioTrack> {
  const padIn = o.padIn ?? 0.6;
  const padOut = o.padOut ?? 1.2;
  const source = o.tone
    ? `sine=f=${o.tone}:d=${o.seconds}:sample_rate=48000,volume=${(o.amp ?? 0.2) * 8}`
    : `anoisesrc=d=${o.seconds}:c=pink:a=1:r=48000:seed=${noiseSeed(id)}`;
  const programme = `${source},${o.bandLimitHz ? `${bandLimit(o.bandLimitHz)},` : ''}volume=${o.volumeDb ?? 0}dB`;
  const withClicks = o.clicksEverySeconds
    ? `${programme}[p];aevalsrc='if(lt(mod(t\\,${o.clicksEverySeconds})\\,0.001)\\,sin(2*PI*1500*t)\\,0)':d=${o.seconds}:s=48000[c];[p][c]amix=inputs=2:normalize=0`
    : programme;
  const file = await generateAudio(
    path.join(dir, `${id}.webm`),
    `${withClicks},adelay=${padIn * 1000}|${padIn * 1000},apad=pad_dur=${padOut},aformat=channel_layouts=stereo`,
  );
  const cues = await analyzeTrack(file);
  return {
    id,
    title: `Title ${id}`,
    artistId: o.artistId,
    artistName: `Artist ${o.artistId}`,
    durationMs: cues.durationMs,
    path: file,
    cues,
  };
}

/** A fixed noise seed per track id: the same test tracks (and peaks) at every run. */
const noiseSeed = (id: string) => [...id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 2_147_483_647, 7);

/** A steep low-pass (three 2-pole stages): content a low mixing rate carries whole, so its loudness holds. */
export const bandLimit = (hz: number) => Array.from({ length: 3 }, () => `lowpass=f=${hz}`).join(',');

export function memoryLibrary(tracks: RadioTrack[]): TrackLibrary {
  const all = new Map(tracks.map((t) => [t.id, t]));
  return {
    load: async (ids) => new Map(ids.filter((id) => all.has(id)).map((id) => [id, all.get(id) as RadioTrack])),
  };
}

/** An output that keeps the WebM bytes and the titles (offline renders). */
export function memoryOutput(): RadioOutput & { chunks: Buffer[]; titles: string[]; ended: boolean } {
  const o = {
    chunks: [] as Buffer[],
    titles: [] as string[],
    ended: false,
    push: (c: Buffer) => void o.chunks.push(c),
    title: (t: string | null) => void o.titles.push(t ?? ''),
    end: () => {
      o.ended = true;
    },
  };
  return o;
}

/** Goertzel power at `hz` over `n` samples from `from`, with the samples' energy. */
function goertzel(pcm: Float32Array, from: number, n: number, hz: number, rate: number) {
  const k = (2 * Math.PI * hz) / rate;
  const c = 2 * Math.cos(k);
  let s1 = 0;
  let s2 = 0;
  let energy = 0;
  for (let i = from; i < from + n; i++) {
    const s0 = pcm[i] + c * s1 - s2;
    s2 = s1;
    s1 = s0;
    energy += pcm[i] * pcm[i];
  }
  return { amplitude: (2 * Math.sqrt(s1 * s1 + s2 * s2 - c * s1 * s2)) / n, energy };
}

/** Amplitude of the tone at `hz` in a frame (Goertzel). */
export function toneAmplitude(pcm: Float32Array, from: number, n: number, hz: number, rate: number): number {
  return goertzel(pcm, from, n, hz, rate).amplitude;
}

/** Share of a 100 ms frame's power at `hz` (Goertzel): about 1 for a pure tone, near 0 for noise. */
export function toneShare(pcm: Float32Array, from: number, n: number, hz: number, rate: number): number {
  const { amplitude, energy } = goertzel(pcm, from, n, hz, rate);
  return energy > 0 ? (amplitude * amplitude) / 2 / (energy / n) : 0;
}
