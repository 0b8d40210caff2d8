import { describe, expect, it } from 'vitest';
import type { ClockEstimate } from './clock-filter';
import { SYNC } from './constants';
import { type MediaReading, PlaybackController, type SyncCommand } from './controller';
import type { PlaybackSchedule } from './schedule';

/** The server's clock is the member's plus 1,000 ms. */
const clock: ClockEstimate = { ready: true, toServer: (l) => l + 1_000, toLocal: (s) => s - 1_000 };
const playing = (over: Partial<PlaybackSchedule> = {}): PlaybackSchedule => ({
  itemId: 'a',
  startAt: 12_000,
  positionAtStart: 0,
  paused: false,
  rate: 1,
  revision: 1,
  durationMs: 600_000,
  waiting: false,
  ...over,
});
const reading = (positionMs: number, paused = false, ready = true): MediaReading => ({ positionMs, paused, ready });
const rateOf = (cmds: SyncCommand[]) => cmds.find((c) => c.type === 'rate');

/** Where the room is at local time `t` (the start is at local 11,000). */
const at = (t: number) => t - 11_000;

/** A controller locked on `playing()`, its media exactly in place. */
function locked() {
  const c = new PlaybackController();
  c.setSchedule(playing());
  const arm = c.update(10_000, reading(0, true), clock);
  expect(arm[0]).toEqual({ type: 'pause' });
  const play = c.update(10_001, reading(0, true), clock);
  expect(play).toEqual([{ type: 'play', atLocal: 11_000 - SYNC.startLatencyGuessMs }]);
  expect(c.update(11_300, reading(at(11_300)), clock)).toEqual([]);
  expect(c.stats().phase).toBe('locked');
  return c;
}

describe('PlaybackController', () => {
  it('arms a planned start: seeks where the room will be, plays at startAt minus the start latency', () => {
    const c = new PlaybackController();
    c.setSchedule(playing({ startAt: 11_000, positionAtStart: 5_000 }));
    // local 10,000 = server 11,000: the start is 1 s ahead.
    expect(c.update(9_000, reading(0, true), clock)).toEqual([
      { type: 'pause' },
      { type: 'seek', positionMs: 5_000 },
      { type: 'rate', rate: 1 },
    ]);
    expect(c.update(9_050, reading(5_000, true, false), clock)).toEqual([]); // still seeking
    expect(c.update(9_200, reading(5_000, true), clock)).toEqual([
      { type: 'play', atLocal: 10_000 - SYNC.startLatencyGuessMs },
    ]);
  });

  it('joins late: seeks ahead by the arm lead, so the first sample heard is in place', () => {
    const c = new PlaybackController();
    c.setSchedule(playing({ startAt: 1_000, positionAtStart: 0 }));
    const cmds = c.update(30_000, reading(0, true), clock);
    // local 30,000 = server 31,000 = 30 s into the item; armed 350 ms later.
    expect(cmds).toContainEqual({ type: 'seek', positionMs: 30_000 + SYNC.armLeadMs });
  });

  it('joins late through a muted pre-roll: heard only once the clock has settled and it is in step', () => {
    const unsettled: ClockEstimate = { ...clock, settled: false };
    // Started at server 1,000 (local 0): the room is at `t` at local time t.
    const under = (t: number) => t;
    const c = new PlaybackController();
    c.setSchedule(playing({ startAt: 1_000, positionAtStart: 0 }));
    // local 30,000: armed muted 350 ms ahead.
    expect(c.update(30_000, reading(0, true), unsettled)).toContainEqual({ type: 'mute', muted: true });
    expect(c.update(30_001, reading(under(30_350), true), unsettled)).toEqual([
      { type: 'play', atLocal: 30_350 - SYNC.startLatencyGuessMs },
    ]);
    // Playing, 4 ms off, but the clock is not settled yet: still muted.
    const measured = 30_350 + SYNC.preRollMeasureMs;
    expect(c.update(measured, reading(under(measured) + 4), unsettled)).not.toContainEqual({
      type: 'mute',
      muted: false,
    });
    expect(c.stats()).toMatchObject({ phase: 'prerolling', muted: true });
    // Settled and within the tolerance: heard.
    expect(c.update(measured + 100, reading(under(measured + 100) + 4), clock)).toContainEqual({
      type: 'mute',
      muted: false,
    });
    expect(c.stats()).toMatchObject({ phase: 'locked', muted: false, preRollRestarts: 0 });
  });

  it('starts a pre-roll again, muted, when the settled clock shows it off; heard from a warm start on', () => {
    const under = (t: number) => t;
    const c = new PlaybackController();
    c.setSchedule(playing({ startAt: 1_000, positionAtStart: 0 }));
    c.update(30_000, reading(0, true), clock);
    c.update(30_001, reading(under(30_350), true), clock);
    // 30 ms ahead once playing: paused, seeked 250 ms ahead, still muted (the first start was cold).
    const again = c.update(30_600, reading(under(30_600) + 30), clock);
    expect(again).toEqual([
      { type: 'pause' },
      { type: 'seek', positionMs: under(30_600 + SYNC.preRollArmLeadMs) },
      { type: 'rate', rate: 1 },
    ]);
    expect(c.stats()).toMatchObject({ preRollRestarts: 1, muted: true });
    // The warm start lands 30 ms off again: the next start is the one heard (unmuted while paused).
    c.update(30_601, reading(under(30_850), true), clock);
    const heard = c.update(30_850 + SYNC.preRollMeasureMs, reading(under(30_850 + SYNC.preRollMeasureMs) + 30), clock);
    expect(heard.slice(0, 2)).toEqual([{ type: 'pause' }, { type: 'mute', muted: false }]);
    expect(c.stats()).toMatchObject({ preRollRestarts: 2, muted: false });
  });

  it('times a waiting start again when the clock estimate moves before it (pongs that came late)', () => {
    // The estimate: server = local + offset; it moves by 30 ms while the start waits.
    let offset = 1_000;
    const moving: ClockEstimate = { ready: true, toServer: (l) => l + offset, toLocal: (s) => s - offset };
    const c = new PlaybackController();
    c.setSchedule(playing({ startAt: 1_000, positionAtStart: 0 }));
    c.update(30_000, reading(0, true), moving);
    // Armed for local 30,350 (the room at 30,350 ms), the play timed before it.
    expect(c.update(30_001, reading(30_350, true), moving)).toEqual([
      { type: 'play', atLocal: 30_350 - SYNC.startLatencyGuessMs },
    ]);
    // The server is 30 ms further on than thought: the room reaches 30,350 at local 30,320.
    offset = 1_030;
    expect(c.update(30_100, reading(30_350, true), moving)).toEqual([
      { type: 'play', atLocal: 30_320 - SYNC.startLatencyGuessMs },
    ]);
    // A move under a millisecond times nothing again.
    offset = 1_030.5;
    expect(c.update(30_150, reading(30_350, true), moving)).toEqual([]);
    // Moved so far that its time has passed: armed again, 250 ms ahead (muted: a pre-roll).
    offset = 1_400;
    const again = c.update(30_200, reading(30_350, true), moving);
    expect(again[0]).toEqual({ type: 'pause' });
    expect(again).toContainEqual({ type: 'seek', positionMs: 30_200 + 400 + SYNC.preRollArmLeadMs });
  });

  it('keeps even a shared start muted while the clock has not settled', () => {
    const unsettled: ClockEstimate = { ...clock, settled: false };
    const c = new PlaybackController();
    // The start is 1 s ahead: heard at once on a settled clock, muted on a rough one.
    c.setSchedule(playing({ startAt: 11_000, positionAtStart: 0 }));
    expect(c.update(9_000, reading(0, true), unsettled)).toContainEqual({ type: 'mute', muted: true });
    const settled = new PlaybackController();
    settled.setSchedule(playing({ startAt: 11_000, positionAtStart: 0 }));
    expect(settled.update(9_000, reading(0, true), clock)).not.toContainEqual({ type: 'mute', muted: true });
  });

  it('corrects small errors by rate alone, capped at ±0.5 %', () => {
    const c = locked();
    // 10 ms behind, smoothed with the last reading (0): 5 ms → 5/1500 = 0.33 %, in 0.05 % steps.
    expect(rateOf(c.update(20_000, reading(at(20_000) - 10), clock))?.rate).toBeCloseTo(1.0035, 9);
    // 3 ms behind: smoothed 4 ms → 0.27 % → 0.25 %.
    expect(rateOf(c.update(20_100, reading(at(20_100) - 3), clock))?.rate).toBeCloseTo(1.0025, 9);
    // 150 ms ahead for a second: −0.5 % and never a seek below the threshold.
    for (let t = 21_000; t < 22_000; t += 100) {
      const cmds = c.update(t, reading(at(t) + 150), clock);
      expect(cmds.find((x) => x.type === 'seek')).toBeUndefined();
    }
    expect(c.stats().maxCorrection).toBeCloseTo(SYNC.maxRateCorrection, 9);
    expect(c.stats().resyncs).toBe(0);
  });

  it('keeps the rate at 1 within the dead band', () => {
    const c = locked();
    expect(c.update(20_000, reading(at(20_000) + 1), clock)).toEqual([]);
  });

  it('resyncs only when the error stays above 200 ms for three readings', () => {
    const c = locked();
    expect(c.update(20_000, reading(at(20_000) + 420), clock).find((x) => x.type === 'seek')).toBeUndefined();
    expect(c.update(20_100, reading(at(20_100) + 420), clock).find((x) => x.type === 'seek')).toBeUndefined();
    const third = c.update(20_200, reading(at(20_200) + 420), clock);
    expect(third).toContainEqual({ type: 'pause' });
    expect(third.find((x) => x.type === 'seek')).toEqual({ type: 'seek', positionMs: at(20_200) + SYNC.armLeadMs });
    expect(c.stats().resyncs).toBe(1);
  });

  it('learns a longer start latency from a late start', () => {
    const c = new PlaybackController();
    c.setSchedule(playing());
    c.update(10_000, reading(0, true), clock);
    c.update(10_001, reading(0, true), clock);
    // The audio came 40 ms later than planned: 40 ms behind once measured.
    c.update(11_400, reading(at(11_400) - 40), clock);
    expect(c.stats().startLatencyMs).toBeCloseTo(SYNC.startLatencyGuessMs + 40 * 0.7, 6);
  });

  it('holds a paused schedule: pauses, seeks once, then reports ready for its key', () => {
    const c = new PlaybackController();
    const s = playing({ paused: true, waiting: true, positionAtStart: 42_000, revision: 3 });
    c.setSchedule(s);
    expect(c.update(0, reading(1_000), clock)).toEqual([{ type: 'pause' }, { type: 'seek', positionMs: 42_000 }]);
    expect(c.update(50, reading(1_000, true, false), clock)).toEqual([]); // no second seek
    expect(c.report(reading(42_000, true, false))).toEqual({ status: 'buffering', readyKey: null });
    expect(c.report(reading(42_000, true))).toEqual({ status: 'ready', readyKey: 'a@42000' });
  });

  it('ignores an older revision', () => {
    const c = new PlaybackController();
    expect(c.setSchedule(playing({ revision: 5 }))).toBe(true);
    expect(c.setSchedule(playing({ revision: 4, paused: true }))).toBe(false);
    expect(c.current()?.revision).toBe(5);
  });
});
