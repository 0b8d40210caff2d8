import { describe, expect, it } from 'vitest';
import { parseEbur128Summary, playbackGainDb } from './loudness';

const SUMMARY = `[Parsed_ebur128_0 @ 0x1] t: 5.9 M: -22.3 S: -22.2 I: -21.0 LUFS
[Parsed_ebur128_0 @ 0x55dafe764600] Summary:

  Integrated loudness:
    I:         -22.2 LUFS
    Threshold: -32.2 LUFS

  Sample peak:
    Peak:      -21.5 dBFS
`;

describe('ebur128 summary', () => {
  it('reads the integrated loudness and peak of the final summary only', () => {
    expect(parseEbur128Summary(SUMMARY)).toEqual({ integratedLufs: -22.2, peakDbfs: -21.5 });
  });
  it('gives nulls for silence or a missing summary', () => {
    expect(parseEbur128Summary('Summary:\n I: -inf LUFS\n Peak: -inf dBFS')).toEqual({
      integratedLufs: null,
      peakDbfs: null,
    });
    expect(parseEbur128Summary('nothing')).toEqual({ integratedLufs: null, peakDbfs: null });
  });
});

describe('playbackGainDb', () => {
  it('brings loud tracks down to -16 LUFS', () => {
    expect(playbackGainDb({ integratedLufs: -8, peakDbfs: -0.1 })).toBe(-8);
  });
  it('boosts quiet tracks only as far as their peaks allow', () => {
    expect(playbackGainDb({ integratedLufs: -22.2, peakDbfs: -21.5 })).toBe(6.2);
    expect(playbackGainDb({ integratedLufs: -22, peakDbfs: -3 })).toBe(2);
  });
  it('clamps and ignores silence', () => {
    expect(playbackGainDb({ integratedLufs: -50, peakDbfs: -40 })).toBe(10);
    expect(playbackGainDb({ integratedLufs: 5, peakDbfs: 0 })).toBe(-15);
    expect(playbackGainDb({ integratedLufs: -70, peakDbfs: -60 })).toBeNull();
    expect(playbackGainDb({ integratedLufs: null, peakDbfs: null })).toBeNull();
  });
});
