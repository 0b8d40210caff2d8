import { describe, expect, it } from 'vitest';
import { type SleepState, SleepTimer } from './sleepTimer';

/** A clock the test moves by hand. */
function fakeClock() {
  let now = 1_000;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimeout: (fn: () => void, ms: number) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (id: number) => void timers.delete(id),
    advance(ms: number) {
      now += ms;
      for (const [id, t] of [...timers]) {
        if (t.at <= now) {
          timers.delete(id);
          t.fn();
        }
      }
    },
    pending: () => timers.size,
  };
}

function setup() {
  const clock = fakeClock();
  const states: SleepState[] = [];
  let paused = 0;
  const timer = new SleepTimer(
    () => paused++,
    (s) => states.push(s),
    clock,
  );
  return { clock, states, timer, paused: () => paused };
}

describe('SleepTimer', () => {
  it('pauses once after the chosen minutes, then clears itself', () => {
    const { clock, timer, paused } = setup();
    timer.set({ minutes: 15 });
    expect(timer.state).toEqual({ endsAt: 1_000 + 15 * 60_000 });
    clock.advance(15 * 60_000 - 1);
    expect(paused()).toBe(0);
    clock.advance(1);
    expect(paused()).toBe(1);
    expect(timer.state).toBeNull();
    clock.advance(60 * 60_000);
    expect(paused()).toBe(1);
  });

  it('a new choice replaces the old one; null cancels', () => {
    const { clock, timer, paused } = setup();
    timer.set({ minutes: 5 });
    timer.set({ minutes: 30 });
    expect(clock.pending()).toBe(1);
    clock.advance(5 * 60_000);
    expect(paused()).toBe(0);
    timer.set(null);
    expect(clock.pending()).toBe(0);
    expect(timer.state).toBeNull();
    clock.advance(60 * 60_000);
    expect(paused()).toBe(0);
  });

  it('"end of track" stops the queue at the next track end, once', () => {
    const { timer, states } = setup();
    expect(timer.trackEnded()).toBe(false);
    timer.set('endOfTrack');
    expect(timer.state).toEqual({ endOfTrack: true });
    expect(timer.trackEnded()).toBe(true);
    expect(timer.state).toBeNull();
    expect(timer.trackEnded()).toBe(false);
    expect(states).toEqual([{ endOfTrack: true }, null]);
  });

  it('a timed choice does not stop at a track end', () => {
    const { timer } = setup();
    timer.set({ minutes: 45 });
    expect(timer.trackEnded()).toBe(false);
    expect(timer.state).not.toBeNull();
  });
});
