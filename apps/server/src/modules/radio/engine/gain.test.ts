import { describe, expect, it } from 'vitest';
import { limiterFilter, trackGainDb } from './gain';
import type { RadioTrack } from './types';

const track = (integratedLufs: number | null, peakDbfs: number | null): RadioTrack => ({
  id: 't',
  title: 'T',
  artistId: 'a',
  artistName: 'A',
  durationMs: 60_000,
  path: '/dev/null',
  cues: { integratedLufs, peakDbfs, cueInMs: 0, cueOutMs: 60_000, crossfadeStartMs: 60_000 },
});

describe('trackGainDb', () => {
  it('brings a quiet, peaky track all the way to -16 LUFS (the limiter takes its peaks)', () => {
    // The on-demand gain would stop at +1.1 dB (its peaks at -2.1 dBFS).
    expect(trackGainDb(track(-27.9, -2.1))).toBe(11.9);
  });
  it('cuts loud tracks, caps the boost, and leaves silence and unmeasured tracks alone', () => {
    expect(trackGainDb(track(-8, -0.1))).toBe(-8);
    expect(trackGainDb(track(5, 0))).toBe(-15);
    expect(trackGainDb(track(-50, -30))).toBe(20);
    expect(trackGainDb(track(-70, -60))).toBe(0);
    expect(trackGainDb(track(null, null))).toBe(0);
  });
});

describe('limiterFilter', () => {
  it('is a look-ahead limiter at -2 dBFS without make-up gain (alimiter would otherwise raise the output to full scale)', () => {
    expect(limiterFilter()).toBe('alimiter=limit=0.7943:attack=5:release=50:level=0:latency=1');
  });
});
