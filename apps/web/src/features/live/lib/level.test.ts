import { describe, expect, it } from 'vitest';
import { levelColor, levelFromRms } from './level';

describe('level meter', () => {
  it('uses the spec colours: error above 80 %, warning above 50 %, otherwise success', () => {
    expect(levelColor(0)).toBe('bg-success');
    expect(levelColor(50)).toBe('bg-success');
    expect(levelColor(51)).toBe('bg-warning');
    expect(levelColor(80)).toBe('bg-warning');
    expect(levelColor(81)).toBe('bg-error');
    expect(levelColor(100)).toBe('bg-error');
  });

  it('maps RMS to a 48 dB scale: silence empty, full scale full, speech mid-meter', () => {
    expect(levelFromRms(0)).toBe(0);
    expect(levelFromRms(1)).toBe(100);
    expect(levelFromRms(2)).toBe(100);
    expect(levelFromRms(10 ** (-24 / 20))).toBe(50);
    expect(levelFromRms(10 ** (-6 / 20))).toBe(88);
  });
});
