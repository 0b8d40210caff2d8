import { describe, expect, it } from 'vitest';
import { ClockFilter } from './clock-filter';

/** A member whose clock runs `drift` fast and reads `offset` ms off the server's, over a link. */
function link(offset: number, drift: number) {
  const local = (t: number) => t * (1 + drift) - offset;
  return (f: ClockFilter, at: number, up: number, down: number) =>
    f.add({ t0: local(at), t1: at + up, t2: at + up + 0.2, t3: local(at + up + 0.2 + down) });
}

describe('ClockFilter', () => {
  it('finds a fixed offset exactly from symmetric pings', () => {
    const f = new ClockFilter();
    const ping = link(123_456, 0);
    for (let i = 0; i < 20; i++) ping(f, i * 100, 40, 40);
    expect(f.ready).toBe(true);
    expect(f.estimate().offsetMs).toBeCloseTo(123_456, 3);
    expect(f.toServer(1_000)).toBeCloseTo(1_000 + 123_456, 3);
    expect(f.toLocal(f.toServer(5_000))).toBeCloseTo(5_000, 6);
  });

  it('estimates a drift of +150 ppm and keeps predicting the offset between pings', () => {
    const f = new ClockFilter();
    const drift = 150e-6;
    const ping = link(-50_000, drift);
    for (let i = 0; i < 120; i++) ping(f, i * 1_000, 30, 30);
    // The server's clock loses 150 ppm against this one: server − local shrinks.
    expect(f.estimate().driftPpm).toBeLessThan(-100);
    expect(f.estimate().driftPpm).toBeGreaterThan(-200);
    // 30 s after the last ping the prediction is still within a millisecond.
    const t = 150_000;
    const local = t * (1 + drift) + 50_000;
    expect(Math.abs(f.toServer(local) - t)).toBeLessThan(1);
  });

  it('weighs fast round trips over slow, asymmetric ones', () => {
    const f = new ClockFilter();
    const ping = link(1_000, 0);
    // Every third ping is fast and symmetric; the others queue 150 ms on the way up only
    // (each alone would be 75 ms off).
    for (let i = 0; i < 30; i++) {
      if (i % 3 === 0) ping(f, i * 200, 20, 20);
      else ping(f, i * 200, 170, 20);
    }
    expect(Math.abs(f.estimate().offsetMs - 1_000)).toBeLessThan(3);
  });

  it('takes the fastest way up and the fastest way down from different pings', () => {
    const f = new ClockFilter();
    const ping = link(5_000, 0);
    // No ping is fast both ways (each pair alone is 40 ms off), but one was fast up and another
    // fast down: the offset is exact.
    ping(f, 0, 20, 100);
    ping(f, 200, 100, 20);
    for (let i = 2; i < 8; i++) ping(f, i * 200, 90, 60);
    expect(Math.abs(f.estimate().offsetMs - 5_000)).toBeLessThan(0.5);
  });

  it('is ready for a muted start before it is settled enough to be heard by', () => {
    const f = new ClockFilter({ readyAfter: 3, settledAfter: 6 });
    const ping = link(0, 0);
    for (let i = 0; i < 3; i++) ping(f, i * 100, 30, 30);
    expect([f.ready, f.settled]).toEqual([true, false]);
    for (let i = 3; i < 6; i++) ping(f, i * 100, 30, 30);
    expect(f.settled).toBe(true);
  });

  it('ignores impossible samples', () => {
    const f = new ClockFilter();
    expect(f.add({ t0: 10, t1: 5, t2: 4, t3: 20 })).toBe(false);
    expect(f.add({ t0: 10, t1: 5, t2: 6, t3: 9 })).toBe(false);
    expect(f.count).toBe(0);
  });
});
