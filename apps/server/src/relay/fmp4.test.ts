import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { findFfmpeg } from '../media/ffmpeg';
import { type Fmp4Fragment, Fmp4Splitter } from './fmp4';

describe('Fmp4Splitter', () => {
  it("splits ffmpeg's fragmented MP4, fed in odd-sized pieces, into the init segment and ~0.34 s fragments", () => {
    const mp4 = execFileSync(findFfmpeg(), [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=f=440:d=3:sample_rate=48000'],
      ...['-c:a', 'aac', '-ar', '48000', '-ac', '2', '-f', 'mp4'],
      ...['-movflags', '+empty_moov+default_base_moof', '-frag_duration', '333333', 'pipe:1'],
    ]);
    const inits: Buffer[] = [];
    const fragments: Fmp4Fragment[] = [];
    const splitter = new Fmp4Splitter({ init: (b) => inits.push(b), fragment: (f) => fragments.push(f) });
    for (let at = 0; at < mp4.length; at += 777) splitter.push(mp4.subarray(at, at + 777));

    expect(inits).toHaveLength(1);
    expect(inits[0].toString('latin1', 4, 8)).toBe('ftyp');
    expect(fragments.length).toBeGreaterThanOrEqual(8);
    // Every full fragment is 16 AAC frames of 1024 samples at 48 kHz.
    for (const f of fragments.slice(1, -1)) expect(f.duration).toBeCloseTo((16 * 1024) / 48000, 5);
    const total = fragments.reduce((n, f) => n + f.duration, 0);
    expect(total).toBeGreaterThan(2.9);
    expect(total).toBeLessThan(3.1);
    for (const f of fragments) expect(f.bytes.toString('latin1', 4, 8)).toBe('moof');
    // Init + fragments is the whole file but its trailing index (mfra).
    const used = inits[0].length + fragments.reduce((n, f) => n + f.bytes.length, 0);
    expect(mp4.length - used).toBeLessThan(300);
  });
});
