import { type RealtimeMessage, type RoomPlayback, SYNC } from '@wavecast/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryBus } from '../../../realtime/bus';
import { createRoomSync, type RoomSync, type SyncTime } from './service';

/** Virtual time for the room state: timers run when the test moves the clock. */
function virtualTime() {
  let now = 1_000_000;
  const timers: { at: number; run: () => void; live: boolean }[] = [];
  const time: SyncTime = {
    now: () => now,
    after(ms, run) {
      const t = { at: now + ms, run, live: true };
      timers.push(t);
      return () => {
        t.live = false;
      };
    },
  };
  const advance = async (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = timers.filter((t) => t.live && t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      now = due.at;
      due.live = false;
      due.run();
      await new Promise((r) => setImmediate(r));
    }
    now = end;
  };
  return { time, advance, now: () => now };
}

const opened: RoomSync[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

describe('roomSync replicas over one bus (two processes)', () => {
  it('a process that joins later asks for the room and gets the newest decision', async () => {
    const bus = new MemoryBus();
    const v = virtualTime();
    const a = createRoomSync(bus, v.time);
    opened.push(a);
    const loaded = a.startAt('r', { itemId: 'i', durationMs: 60_000 }, v.now() + 2_000);
    await v.advance(400); // past a's own ask (300 ms): nobody held the room before
    await loaded;
    const b = createRoomSync(bus, v.time);
    opened.push(b);
    const held = await b.get('r');
    expect(held.schedule.itemId).toBe('i');
    expect(held.schedule.paused).toBe(false);
    expect(held.origin).toBe(a.processId);
  });

  it('a wait commits on the deciding process when the last member is ready; members hear each decision', async () => {
    const bus = new MemoryBus();
    const v = virtualTime();
    const a = createRoomSync(bus, v.time);
    const b = createRoomSync(bus, v.time);
    opened.push(a, b);
    const heard: RoomPlayback[] = [];
    bus.subscribe((m: RealtimeMessage) => {
      if (m.event === 'room.playback') heard.push(m.data as RoomPlayback);
    });
    a.restore({
      roomId: 'r',
      origin: a.processId,
      wait: null,
      schedule: {
        itemId: 'i',
        startAt: v.now(),
        positionAtStart: 0,
        paused: true,
        rate: 1,
        revision: 1,
        durationMs: 60_000,
        waiting: false,
      },
    });
    b.restore(await a.get('r'));
    // One member on each process; x is ready at the paused position, y is not yet.
    await a.report('x', { type: 'room.member', topic: 'room:r', status: 'ready', readyKey: 'i@0' });
    await b.report('y', { type: 'room.member', topic: 'room:r', status: 'buffering', readyKey: null });
    const waiting = await a.play('r');
    expect(waiting.wait?.key).toBe('i@0');
    expect(heard.at(-1)?.wait?.pending).toBe(1);
    await b.report('y', { type: 'room.member', topic: 'room:r', status: 'ready', readyKey: 'i@0' });
    await v.advance(1);
    const started = await b.get('r');
    expect(started.schedule.paused).toBe(false);
    expect(started.schedule.startAt).toBe(v.now() - 1 + SYNC.startLeadMs);
    expect(heard.at(-1)?.schedule.revision).toBe(started.schedule.revision);
  });

  it('a member that leaves stops holding waits', async () => {
    const bus = new MemoryBus();
    const v = virtualTime();
    const a = createRoomSync(bus, v.time);
    opened.push(a);
    const load = a.load('r', { itemId: 'i', durationMs: 60_000 });
    await v.advance(400);
    await load;
    await a.report('x', { type: 'room.member', topic: 'room:r', status: 'buffering', readyKey: null });
    a.left('x', 'r');
    const started = await a.play('r');
    expect(started.schedule.paused).toBe(false);
    expect(a.members('r')).toEqual([]);
  });
});
