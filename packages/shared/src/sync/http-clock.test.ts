import { describe, expect, it } from 'vitest';
import { ClockFilter } from './clock-filter';
import { clockSampleFromHeader, formatClockHeader } from './http-clock';

describe('clock samples over HTTP', () => {
  it('reads the server stamps back from the header (sub-millisecond)', () => {
    const header = formatClockHeader(1_800_000_000_123.25, 1_800_000_000_130.125);
    expect(header).toBe('1800000000123.250,1800000000130.125');
    expect(clockSampleFromHeader(header, 500, 640)).toEqual({
      t0: 500,
      t1: 1_800_000_000_123.25,
      t2: 1_800_000_000_130.125,
      t3: 640,
    });
  });

  it('gives the offset NTP gives: a symmetric exchange lands on the true offset', () => {
    // Local clock 1,000 ms behind the server's (offset +1,000), 60 ms each way, 7 ms of server work.
    const t0 = 10_000;
    const t1 = t0 + 60 + 1_000;
    const t2 = t1 + 7;
    const t3 = t2 - 1_000 + 60;
    const sample = clockSampleFromHeader(formatClockHeader(t1, t2), t0, t3);
    expect(sample).not.toBeNull();
    const filter = new ClockFilter();
    filter.add(sample as NonNullable<typeof sample>);
    expect(filter.estimate().offsetMs).toBeCloseTo(1_000, 6);
    expect(filter.toServer(t3)).toBeCloseTo(t3 + 1_000, 6);
  });

  it('refuses a missing, malformed or impossible header', () => {
    expect(clockSampleFromHeader(null, 0, 100)).toBeNull();
    expect(clockSampleFromHeader('', 0, 100)).toBeNull();
    expect(clockSampleFromHeader('12,abc', 0, 100)).toBeNull();
    expect(clockSampleFromHeader('12;13', 0, 100)).toBeNull();
    // The server answered before the request arrived.
    expect(clockSampleFromHeader('20,10', 0, 100)).toBeNull();
    // The server took longer than the whole exchange as the page timed it.
    expect(clockSampleFromHeader('0,150', 0, 100)).toBeNull();
    // The page's clock went back.
    expect(clockSampleFromHeader('10,20', 100, 50)).toBeNull();
    expect(clockSampleFromHeader('10,20', Number.NaN, 50)).toBeNull();
  });
});
