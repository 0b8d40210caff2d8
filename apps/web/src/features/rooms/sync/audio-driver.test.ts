import type { ClockEstimate, RealtimeMessage, RoomPlayback, SyncClientMessage } from '@wavecast/shared';
import { SYNC } from '@wavecast/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RoomAudioSync, type SyncedMedia } from './audio-driver';
import { startClockSync } from './clock-sync';
import type { SyncTransport } from './transport';

class FakeTransport implements SyncTransport {
  open = true;
  sent: SyncClientMessage[] = [];
  listeners = new Map<string, (msg: RealtimeMessage) => void>();
  opens: (() => void)[] = [];
  send(m: SyncClientMessage) {
    this.sent.push(m);
    return this.open;
  }
  listen(topic: string, l: (msg: RealtimeMessage) => void) {
    this.listeners.set(topic, l);
    return () => this.listeners.delete(topic);
  }
  subscribe(topic: string, l: (msg: RealtimeMessage) => void) {
    return this.listen(topic, l);
  }
  onOpen(l: () => void) {
    this.opens.push(l);
    return () => {};
  }
  deliver(topic: string, event: string, data: unknown) {
    this.listeners.get(topic)?.({ topic, event, data } as RealtimeMessage);
  }
}

/** An `<audio>` as far as the driver uses it: ready at once, plays when asked. */
class FakeAudio implements SyncedMedia {
  currentTime = 0;
  paused = true;
  readyState = 4;
  seeking = false;
  playbackRate = 1;
  preservesPitch = false;
  muted = false;
  plays: number[] = [];
  async play() {
    this.paused = false;
    this.plays.push(Date.now());
  }
  pause() {
    this.paused = true;
  }
  addEventListener() {}
  removeEventListener() {}
}

const clock: ClockEstimate = { ready: true, toServer: (l) => l + 5_000, toLocal: (s) => s - 5_000 };
const playback = (over: Partial<RoomPlayback['schedule']> = {}): RoomPlayback => ({
  roomId: 'r1',
  wait: null,
  schedule: {
    itemId: 'i1',
    startAt: 7_000,
    positionAtStart: 0,
    paused: false,
    rate: 1,
    revision: 2,
    durationMs: 60_000,
    waiting: false,
    ...over,
  },
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

describe('RoomAudioSync', () => {
  it('loads the item, seeks while paused, plays at the shared start, keeps the pitch', () => {
    const t = new FakeTransport();
    const audio = new FakeAudio();
    const loaded: (string | null)[] = [];
    const sync = new RoomAudioSync({
      media: audio,
      transport: t,
      clock,
      roomId: 'r1',
      loadItem: (id) => {
        loaded.push(id);
      },
      now: () => Date.now(),
    });
    expect(audio.preservesPitch).toBe(true);
    t.deliver('room:r1', 'subscribed', {});
    expect(t.sent.at(-1)).toEqual({ type: 'room.member', topic: 'room:r1', status: 'ready', readyKey: null });
    // Local 0 = server 5,000; the start is at server 7,000 = local 2,000.
    t.deliver('room:r1', 'room.playback', playback());
    expect(loaded).toEqual(['i1']);
    expect(audio.currentTime).toBe(0);
    expect(audio.paused).toBe(true);
    vi.advanceTimersByTime(2_000 - SYNC.startLatencyGuessMs - 1);
    expect(audio.plays).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(audio.plays).toEqual([2_000 - SYNC.startLatencyGuessMs]);
    sync.stop();
  });

  it('corrects a lag by playbackRate only, and reports buffering while the element stalls', () => {
    const t = new FakeTransport();
    const audio = new FakeAudio();
    const sync = new RoomAudioSync({
      media: audio,
      transport: t,
      clock,
      roomId: 'r1',
      loadItem: () => {},
      now: () => Date.now(),
    });
    // A shared start 500 ms ahead (local 500): seek to its position while paused, play then.
    t.deliver('room:r1', 'room.playback', playback({ startAt: 5_500 }));
    expect(audio.currentTime).toBe(0);
    vi.advanceTimersByTime(500);
    expect(audio.paused).toBe(false);
    expect(audio.muted).toBe(false);
    // The element runs 20 ms behind the room from here.
    const follow = () => {
      audio.currentTime = (Date.now() - 500 - 20) / 1000;
    };
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(100);
      follow();
    }
    expect(audio.playbackRate).toBeGreaterThan(1);
    expect(audio.playbackRate).toBeLessThanOrEqual(1 + SYNC.maxRateCorrection);
    expect(audio.preservesPitch).toBe(true);
    audio.readyState = 2;
    vi.advanceTimersByTime(100);
    expect(t.sent.at(-1)).toMatchObject({ type: 'room.member', status: 'buffering' });
    sync.stop();
  });
});

describe('RoomAudioSync: loading and autoplay', () => {
  it('is not ready while the item loads, and plays from a click once autoplay was refused', async () => {
    const t = new FakeTransport();
    const audio = new FakeAudio();
    let refuse = true;
    audio.play = async function (this: FakeAudio) {
      if (refuse) throw new Error('NotAllowedError');
      this.paused = false;
      this.plays.push(Date.now());
    };
    let loaded!: () => void;
    const blocked: boolean[] = [];
    const sync = new RoomAudioSync({
      media: audio,
      transport: t,
      clock,
      roomId: 'r1',
      loadItem: () => new Promise<void>((resolve) => (loaded = resolve)),
      onBlocked: (b) => blocked.push(b),
      now: () => Date.now(),
    });
    // A paused wait at 0: not ready while the source loads, ready for the wait's key after.
    t.deliver('room:r1', 'room.playback', playback({ paused: true, waiting: true, startAt: 5_000 }));
    expect(t.sent.at(-1)).toMatchObject({ type: 'room.member', status: 'buffering', readyKey: null });
    loaded();
    await vi.advanceTimersByTimeAsync(100);
    expect(t.sent.at(-1)).toMatchObject({ type: 'room.member', status: 'ready', readyKey: 'i1@0' });
    // The start comes; the browser refuses play() without a gesture: the page is told.
    t.deliver('room:r1', 'room.playback', playback({ startAt: 5_000, revision: 3 }));
    await vi.advanceTimersByTimeAsync(SYNC.armLeadMs + 10);
    expect(blocked.at(-1)).toBe(true);
    expect(audio.paused).toBe(true);
    // A click unlocks: paused again at once, then started on the schedule by the controller.
    refuse = false;
    sync.unlock();
    await vi.advanceTimersByTimeAsync(0);
    expect(blocked.at(-1)).toBe(false);
    const clicks = audio.plays.length;
    await vi.advanceTimersByTimeAsync(SYNC.armLeadMs);
    // Joining a room already playing: the start is a muted pre-roll (heard once in step).
    expect(audio.plays.length).toBeGreaterThan(clicks);
    expect(audio.paused).toBe(false);
    expect(audio.muted).toBe(true);
    sync.stop();
  });
});

describe('RoomAudioSync: the one audio output', () => {
  it('takes the output before each start; suspended it stays silent and idle until resumed', async () => {
    const t = new FakeTransport();
    const audio = new FakeAudio();
    const order: string[] = [];
    const play = audio.play.bind(audio);
    audio.play = async () => {
      order.push('play');
      await play();
    };
    const sync = new RoomAudioSync({
      media: audio,
      transport: t,
      clock,
      roomId: 'r1',
      loadItem: () => {},
      beforePlay: () => order.push('claim'),
      now: () => Date.now(),
    });
    t.deliver('room:r1', 'room.playback', playback({ startAt: 5_500 }));
    await vi.advanceTimersByTimeAsync(500);
    expect(audio.paused).toBe(false);
    expect(order).toEqual(['claim', 'play']);

    // The track player took the output: paused here, the room told this member is idle.
    sync.suspend();
    expect(audio.paused).toBe(true);
    expect(sync.listening).toBe(false);
    expect(t.sent.at(-1)).toEqual({ type: 'room.member', topic: 'room:r1', status: 'idle', readyKey: null });
    // The room plays on, seeks and starts again: nothing here moves or plays.
    const at = audio.currentTime;
    t.deliver('room:r1', 'room.playback', playback({ startAt: 6_000, positionAtStart: 10_000, revision: 3 }));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(audio.paused).toBe(true);
    expect(audio.currentTime).toBe(at);
    expect(order).toEqual(['claim', 'play']);

    // Rejoined from a click: the output is taken again, and the room's schedule plays here.
    sync.resume();
    await vi.advanceTimersByTimeAsync(SYNC.armLeadMs + 500);
    expect(sync.listening).toBe(true);
    expect(order.slice(0, 3)).toEqual(['claim', 'play', 'claim']);
    expect(audio.paused).toBe(false);
    expect(t.sent.at(-1)).not.toMatchObject({ status: 'idle' });
    sync.stop();
  });
});

describe('startClockSync', () => {
  it('bursts pings on an open socket and feeds its own pongs to the filter', () => {
    const t = new FakeTransport();
    const c = startClockSync(t, { now: () => Date.now() });
    vi.advanceTimersByTime(SYNC.pingBurst * SYNC.pingBurstIntervalMs);
    const pings = t.sent.filter((m) => m.type === 'clock.ping');
    expect(pings.length).toBeGreaterThanOrEqual(SYNC.pingBurst);
    for (const p of pings)
      if (p.type === 'clock.ping')
        t.deliver('clock', 'clock.pong', { id: p.id, t0: p.t0, t1: p.t0 + 5_010, t2: p.t0 + 5_010 });
    // A forged pong (unknown id) is ignored.
    t.deliver('clock', 'clock.pong', { id: 99_999, t0: 0, t1: 0, t2: 0 });
    expect(c.filter.count).toBe(pings.length);
    expect(c.filter.ready).toBe(true);
    c.stop();
  });
});
