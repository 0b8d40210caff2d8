import { describe, expect, it } from 'vitest';
import { deviceFromUserAgent } from './device';
import { resolveRange } from './range';
import { biggestDrops, medianPlayTime, retentionCurve, sumHeard } from './retention';

describe('retention', () => {
  it('samples the share of plays every 10 s and finds the median and the drops', () => {
    const heard = sumHeard([
      [2, 2, 2, 2, 1, 1],
      [2, 2, 2, 2, 2, 2, 1, 1],
    ]);
    expect(heard).toEqual([4, 4, 4, 4, 3, 3, 1, 1]);
    const curve = retentionCurve(heard, 4, 40);
    expect(curve).toEqual([
      { t: 0, share: 1 },
      { t: 10, share: 1 },
      { t: 20, share: 0.75 },
      { t: 30, share: 0.25 },
    ]);
    expect(medianPlayTime(curve, 40)).toBe(30);
    expect(biggestDrops(curve, [{ title: 'Ads', startTime: 25 }])).toEqual([
      { t: 30, drop: 0.5, chapter: 'Ads' },
      { t: 20, drop: 0.25, chapter: null },
    ]);
    expect(retentionCurve([], 0, 40)).toEqual([]);
    expect(medianPlayTime([], 40)).toBeNull();
  });
});

describe('ranges', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('presets end today; custom ranges are inclusive and bounded', () => {
    expect(resolveRange({ days: 7 }, now)).toEqual({ from: '2026-03-04', to: '2026-03-10', days: 7 });
    expect(resolveRange({ from: '2026-03-01', to: '2026-03-01' }, now).days).toBe(1);
    expect(() => resolveRange({ from: '2026-03-02', to: '2026-03-01' }, now)).toThrow('ends before');
    expect(() => resolveRange({ from: '2024-01-01', to: '2026-01-02' }, now)).toThrow('2 years');
  });
});

describe('devices', () => {
  it('classes user agents locally', () => {
    expect(
      deviceFromUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ device: 'mobile', app: 'Mobile Safari' });
    expect(
      deviceFromUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      ),
    ).toEqual({ device: 'desktop', app: 'Chrome' });
    expect(deviceFromUserAgent(undefined)).toEqual({ device: 'other', app: 'Unknown' });
  });
});
