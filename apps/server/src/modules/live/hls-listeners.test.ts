import { describe, expect, it } from 'vitest';
import { Clock } from '../../lib/clock';
import { type HlsListen, HlsListenerSessions } from './hls-listeners';

function setup(max = 10) {
  const clock = new Clock();
  clock.freeze();
  const rows: HlsListen[] = [];
  const sessions = new HlsListenerSessions(clock, async (v) => void rows.push(v), { idleMs: 30_000, max });
  return { clock, rows, sessions };
}

const fan = { userId: 'u1', anonymousId: null } as const;

describe('HLS listener sessions', () => {
  it('one session from the first request to the last, recorded once idle; repeats add nothing', async () => {
    const { clock, rows, sessions } = setup();
    const start = clock.now();
    for (let i = 0; i < 5; i++) sessions.touch('s', fan); // the same moment, again and again
    clock.advance(10_000);
    sessions.touch('s', fan);
    sessions.touch('s', fan, 'known-bot'); // only a session's first request judges it
    clock.advance(12_000);
    sessions.touch('s', fan);
    sessions.sweep();
    expect(rows).toEqual([]);
    clock.advance(30_001);
    sessions.sweep();
    sessions.sweep();
    expect(rows).toEqual([{ streamId: 's', listener: fan, startedAt: start, seconds: 22, ivtReason: null }]);
    expect(sessions.size).toBe(0);
    await sessions.close();
  });

  it('a listener back after the idle time starts a new session; streams and listeners apart', async () => {
    const { clock, rows, sessions } = setup();
    sessions.touch('s', fan);
    sessions.touch('t', fan);
    sessions.touch('s', { userId: null, anonymousId: 'a1' });
    sessions.touch('s', null); // no listener id: nobody to count
    clock.advance(5_000);
    sessions.touch('s', fan);
    clock.advance(40_000);
    sessions.touch('s', fan); // the first session ended 40 s ago: recorded, a new one begins
    expect(rows.map((r) => [r.streamId, r.seconds])).toEqual([['s', 5]]);
    expect(sessions.size).toBe(3);
    await sessions.close();
    expect(rows.map((r) => [r.streamId, r.listener.userId ?? r.listener.anonymousId, r.seconds])).toEqual([
      ['s', 'u1', 5],
      ['t', 'u1', 0],
      ['s', 'a1', 0],
      ['s', 'u1', 0],
    ]);
  });

  it('holds at most `max` open sessions', async () => {
    const { rows, sessions } = setup(3);
    for (let i = 0; i < 10; i++) sessions.touch('s', { userId: `u${i}`, anonymousId: null });
    expect(sessions.size).toBe(3);
    await sessions.close();
    expect(rows).toHaveLength(3);
  });
});
