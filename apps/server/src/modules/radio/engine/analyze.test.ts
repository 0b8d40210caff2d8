import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../../test/time';
import { analyzeTrack } from './analyze';
import { computeCues } from './cues';

const dir = mkdtempSync(join(tmpdir(), 'radio-cues-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Generates a test file with ffmpeg's lavfi sources and filters. */
function generate(name: string, filter: string): string {
  const out = join(dir, name);
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    filter,
    '-c:a',
    'libopus',
    '-b:a',
    '64k',
    '-y',
    out,
  ]);
  return out;
}

describe('computeCues', () => {
  it('keeps the whole file when nothing was measured', () => {
    const frames = new Float32Array(30).fill(-120);
    expect(computeCues(frames, { integratedLufs: null, peakDbfs: null })).toMatchObject({
      cueInMs: 0,
      cueOutMs: 3000,
      crossfadeStartMs: 3000,
    });
  });

  it('finds the frames above the cue threshold and the tail below the fade threshold', () => {
    const frames = Float32Array.from([-120, -120, -20, -18, -18, -18, -30, -40, -60, -120]);
    expect(computeCues(frames, { integratedLufs: -18, peakDbfs: -3 })).toMatchObject({
      cueInMs: 200,
      cueOutMs: 800,
      crossfadeStartMs: 700,
    });
  });
});

describe('analyzeTrack (ffmpeg)', () => {
  it(
    'cues a tone padded with silence at its edges',
    async () => {
      // 2 s silence, 10 s of 440 Hz, 3 s silence.
      const path = generate(
        'padded.webm',
        'sine=f=440:d=10:sample_rate=48000,volume=1.6,adelay=2000|2000,apad=pad_dur=3',
      );
      const cues = await analyzeTrack(path);
      expect(cues.durationMs).toBeGreaterThan(14_900);
      expect(cues.durationMs).toBeLessThan(15_200);
      expect(cues.cueInMs).toBeGreaterThanOrEqual(1900);
      expect(cues.cueInMs).toBeLessThanOrEqual(2000);
      expect(cues.cueOutMs).toBeGreaterThanOrEqual(12_000);
      expect(cues.cueOutMs).toBeLessThanOrEqual(12_200);
      // No fade: the tail starts at the end of the audio.
      expect(cues.crossfadeStartMs).toBeGreaterThanOrEqual(11_900);
      expect(cues.integratedLufs).toBeGreaterThan(-20);
      expect(cues.integratedLufs).toBeLessThan(-15);
    },
    scaled(20_000),
  );

  it(
    'starts the crossfade where a long fade-out drops away',
    async () => {
      // 20 s of noise fading out over its last 8 s.
      const path = generate('fade.webm', 'anoisesrc=d=20:c=pink:a=0.3:r=48000,afade=t=out:st=12:d=8:curve=exp');
      const cues = await analyzeTrack(path);
      expect(cues.cueInMs).toBe(0);
      expect(cues.crossfadeStartMs).toBeGreaterThan(12_000);
      // The exponential fade is inaudible well before the file ends: cue-out there, the tail before it.
      expect(cues.cueOutMs).toBeGreaterThan(14_000);
      expect(cues.cueOutMs).toBeLessThan(17_000);
      expect(cues.crossfadeStartMs).toBeLessThan(cues.cueOutMs - 1000);
    },
    scaled(20_000),
  );
});
