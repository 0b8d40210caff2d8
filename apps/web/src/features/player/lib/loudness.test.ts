import { describe, expect, it } from 'vitest';
import { gainFromDb } from './loudness';

describe('gainFromDb', () => {
  it('is 10^(dB/20), 1 when unknown', () => {
    expect(gainFromDb(0)).toBe(1);
    expect(gainFromDb(-6)).toBeCloseTo(0.5012, 4);
    expect(gainFromDb(6)).toBeCloseTo(1.9953, 4);
    expect(gainFromDb(null)).toBe(1);
    expect(gainFromDb(Number.NaN)).toBe(1);
  });

  it('clamps extreme corrections', () => {
    expect(gainFromDb(40)).toBeCloseTo(10 ** (10 / 20), 6);
    expect(gainFromDb(-80)).toBeCloseTo(0.1, 6);
  });
});
