import type { RealtimeMessage, SyncClientMessage } from '@wavecast/shared';
import { CLOCK_TOPIC, formatClockHeader, SYNC, SYNC_CLOCK_HEADER } from '@wavecast/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedRoomClock, holdRoomClock, requestRoomClockSamples } from './clock-sync';
import type { SyncTransport } from './transport';

/** A socket that answers every ping at once, with the server 1,000 ms ahead. */
function echoTransport(now: () => number) {
  const listeners = new Map<string, (msg: RealtimeMessage) => void>();
  const sent: SyncClientMessage[] = [];
  const t: SyncTransport = {
    open: true,
    send(m) {
      sent.push(m);
      if (m.type === 'clock.ping') {
        const at = now() + 1_000;
        queueMicrotask(() =>
          listeners.get(CLOCK_TOPIC)?.({
            topic: CLOCK_TOPIC,
            event: 'clock.pong',
            data: { id: m.id, t0: m.t0, t1: at, t2: at },
          } as RealtimeMessage),
        );
      }
      return true;
    },
    listen(topic, l) {
      listeners.set(topic, l);
      return () => listeners.delete(topic);
    },
    subscribe(topic, l) {
      listeners.set(topic, l);
      return () => listeners.delete(topic);
    },
    onOpen: () => () => {},
  };
  return { t, sent };
}

describe('holdRoomClock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is one clock for the room page and its player: settled by the join when the page opened first', async () => {
    const { t, sent } = echoTransport(() => performance.now());
    const page = holdRoomClock(t);
    // The visitor reads the page and joins 2 s later: the player takes the clock already settled.
    await vi.advanceTimersByTimeAsync(2_000);
    const player = holdRoomClock(t);
    expect(player.filter).toBe(page.filter);
    expect(player.filter.count).toBeGreaterThanOrEqual(SYNC.clockSettledAfter);
    expect(player.filter.settled).toBe(true);
    expect(player.filter.toServer(5_000) - 5_000).toBeCloseTo(1_000, 0);

    // The player leaving (the member stops listening) keeps the page's clock going.
    player.release();
    player.release();
    const before = sent.length;
    await vi.advanceTimersByTimeAsync(SYNC.pingIntervalMs * 2);
    expect(sent.length).toBeGreaterThan(before);

    // The page closing stops it; the next page starts a fresh one.
    page.release();
    const stopped = sent.length;
    await vi.advanceTimersByTimeAsync(SYNC.pingIntervalMs * 4);
    expect(sent.length).toBe(stopped);
    const next = holdRoomClock(t);
    expect(next.filter).not.toBe(page.filter);
    next.release();
  });

  it("takes the room page's timed HTTP responses as samples of the held clock, and nothing else", () => {
    const silent: SyncTransport = { ...echoTransport(() => 0).t, open: false, send: () => false };
    // No clock held: a sample has nowhere to go (and no error).
    feedRoomClock(new Headers({ [SYNC_CLOCK_HEADER]: formatClockHeader(1_100, 1_105) }), 50, 165);
    const page = holdRoomClock(silent);
    expect(page.filter.count).toBe(0);
    // Server 1,000 ms ahead, 50 ms each way, 5 ms of work.
    feedRoomClock(new Headers({ [SYNC_CLOCK_HEADER]: formatClockHeader(1_100, 1_105) }), 50, 155);
    expect(page.filter.count).toBe(1);
    expect(page.filter.toServer(155) - 155).toBeCloseTo(1_000, 6);
    // A response without the header (or a broken one) adds nothing.
    feedRoomClock(new Headers(), 200, 300);
    feedRoomClock(new Headers({ [SYNC_CLOCK_HEADER]: 'soon' }), 200, 300);
    expect(page.filter.count).toBe(1);
    page.release();
  });
});

describe('requestRoomClockSamples', () => {
  /** A request that answers when told to, counting the requests in flight. */
  function pendingRequests() {
    const answers: (() => void)[] = [];
    let inFlight = 0;
    let most = 0;
    const request = () =>
      new Promise<void>((resolve) => {
        most = Math.max(most, ++inFlight);
        answers.push(() => {
          inFlight--;
          resolve();
        });
      });
    return { request, answers, most: () => most };
  }

  it('sends its requests one after another, each once the one before it is back', async () => {
    const r = pendingRequests();
    requestRoomClockSamples(r.request, 3);
    expect(r.answers.length).toBe(1);
    for (let i = 0; i < 3; i++) {
      r.answers[i]();
      await Promise.resolve();
      await Promise.resolve();
    }
    expect(r.answers.length).toBe(3);
    expect(r.most()).toBe(1);
  });

  it('sends SYNC.httpClockPings by default, none after a stop or a failed request', async () => {
    const r = pendingRequests();
    const stop = requestRoomClockSamples(r.request);
    for (let i = 0; i < SYNC.httpClockPings + 2; i++) {
      r.answers[i]?.();
      await Promise.resolve();
      await Promise.resolve();
    }
    expect(r.answers.length).toBe(SYNC.httpClockPings);

    const s = pendingRequests();
    const stopSoon = requestRoomClockSamples(s.request, 5);
    stopSoon();
    s.answers[0]();
    await Promise.resolve();
    await Promise.resolve();
    expect(s.answers.length).toBe(1);

    let failed = 0;
    requestRoomClockSamples(() => {
      failed++;
      return Promise.reject(new Error('offline'));
    }, 5);
    await Promise.resolve();
    await Promise.resolve();
    expect(failed).toBe(1);
    stop();
  });
});
