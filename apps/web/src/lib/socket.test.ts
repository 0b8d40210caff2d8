import { REALTIME_CLOSE, REALTIME_LIMITS } from '@wavecast/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient } from './socket';

/** The browser's WebSocket as far as the client uses it: the test opens and closes it. */
class BrowserSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static made: BrowserSocket[] = [];
  readyState = BrowserSocket.CONNECTING;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  constructor(readonly url: string) {
    BrowserSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.serverCloses(1000);
  }
  open() {
    this.readyState = BrowserSocket.OPEN;
    this.onopen?.();
  }
  serverCloses(code: number) {
    this.readyState = BrowserSocket.CLOSED;
    this.onclose?.({ code });
  }
}

const last = () => BrowserSocket.made[BrowserSocket.made.length - 1];

beforeEach(() => {
  BrowserSocket.made = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', BrowserSocket);
  vi.stubGlobal('location', { protocol: 'http:', host: 'wavecast.test' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('RealtimeClient', () => {
  it('reconnects within a fraction of a second after an ordinary drop', () => {
    const client = new RealtimeClient();
    client.subscribe('global', () => {});
    last().open();
    last().serverCloses(1006);
    vi.advanceTimersByTime(200);
    expect(BrowserSocket.made).toHaveLength(2);
  });

  it.each([REALTIME_CLOSE.tooManyMessages, REALTIME_CLOSE.tooManyTopics])(
    'closed for the limits (%i): waits the documented time, doubling, and nothing reconnects meanwhile',
    (code) => {
      const client = new RealtimeClient();
      client.subscribe('global', () => {});
      last().open();
      last().serverCloses(code);
      vi.advanceTimersByTime(REALTIME_LIMITS.reconnectAfterLimitMs - 1);
      client.subscribe('track:another', () => {}); // a new subscription does not bring it forward
      expect(BrowserSocket.made).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(BrowserSocket.made).toHaveLength(2);
      last().open();
      expect(last().sent).toHaveLength(2); // both topics again, once each
      last().serverCloses(code);
      vi.advanceTimersByTime(2 * REALTIME_LIMITS.reconnectAfterLimitMs - 1);
      expect(BrowserSocket.made).toHaveLength(2);
      vi.advanceTimersByTime(1);
      expect(BrowserSocket.made).toHaveLength(3);
    },
  );
});
