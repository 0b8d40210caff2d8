import {
  type ClientSocketMessage,
  REALTIME_CLOSE,
  REALTIME_LIMITS,
  type RealtimeEventName,
  type RealtimeEvents,
  type RealtimeMessage,
} from '@wavecast/shared';

const SESSION_CODES = new Set<number>([REALTIME_CLOSE.sessionEnded, REALTIME_CLOSE.sessionChanged]);
const LIMIT_CODES = new Set<number>([REALTIME_CLOSE.tooManyMessages, REALTIME_CLOSE.tooManyTopics]);

type Listener = (msg: RealtimeMessage) => void;

/**
 * One WebSocket for the tab, reconnecting with backoff; topics are re-subscribed after a reconnect.
 * Closed for going over the server's limits (REALTIME_CLOSE), it waits long before trying again.
 */
export class RealtimeClient {
  private ws?: WebSocket;
  private readonly topics = new Map<string, Set<Listener>>();
  private retry = 0;
  /** Times the server closed this tab's socket for its limits: each doubles the wait. */
  private strikes = 0;
  /** Set while waiting after such a close: nothing connects before it fires. */
  private held?: ReturnType<typeof setTimeout>;
  private readonly sessionListeners = new Set<() => void>();
  /** Listeners of frames the server sends unasked on this socket (`clock.pong`): no subscription. */
  private readonly local = new Map<string, Set<Listener>>();
  private readonly openListeners = new Set<() => void>();
  /** A token sent with a topic's subscribe (a room guest's: rooms are for members only). */
  private readonly tokens = new Map<string, string>();

  /** Called when the server closes the socket because the session ended or changed. */
  onSessionClosed(listener: () => void): () => void {
    this.sessionListeners.add(listener);
    return () => this.sessionListeners.delete(listener);
  }

  private connect() {
    if (this.held) return;
    if (this.ws && this.ws.readyState <= WebSocket.OPEN) return;
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/ws`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      for (const topic of this.topics.keys()) this.sendSubscribe(topic);
      for (const l of this.openListeners) l();
    };
    ws.onmessage = (e) => {
      let msg: RealtimeMessage;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      for (const l of this.topics.get(msg.topic) ?? []) l(msg);
      for (const l of this.local.get(msg.topic) ?? []) l(msg);
    };
    ws.onclose = (e) => {
      // The server ended or changed this session (4401: signed out, password, suspension; 4409: role).
      if (SESSION_CODES.has(e.code)) for (const l of this.sessionListeners) l();
      if (this.ws !== ws) return; // replaced by reconnect(): the new socket takes over
      this.ws = undefined;
      if (this.topics.size === 0) return;
      // Over the server's limits: reconnecting at once would be refused again (no reconnect loop).
      if (LIMIT_CODES.has(e.code)) {
        const wait = REALTIME_LIMITS.reconnectAfterLimitMs * 2 ** Math.min(4, this.strikes++);
        this.held = setTimeout(() => {
          this.held = undefined;
          if (this.topics.size > 0) this.connect();
        }, wait);
        return;
      }
      const delay = Math.min(10_000, 200 * 2 ** this.retry++);
      setTimeout(() => this.connect(), delay);
    };
  }

  /** Reconnects at once (after signing in or out, so the server sees the current session). */
  reconnect() {
    const old = this.ws;
    this.ws = undefined;
    if (old?.readyState === WebSocket.CONNECTING) {
      // Closing a socket still connecting logs "closed before the connection is established":
      // let it open, then close it quietly.
      old.onopen = () => old.close();
      old.onmessage = null;
    } else old?.close();
    if (this.topics.size > 0) this.connect();
  }

  /** Sends a message when the socket is open (sync: clock pings, room reports); false otherwise. */
  send(message: ClientSocketMessage): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /** Whether the socket is open now. */
  get open(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  /** Frames on a topic the server sends this socket unasked (`clock`); no subscribe message. */
  listen(topic: string, listener: Listener): () => void {
    let set = this.local.get(topic);
    if (!set) {
      set = new Set();
      this.local.set(topic, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Called each time the socket opens (a reconnect too), after its topics are subscribed again. */
  onOpen(listener: () => void): () => void {
    this.openListeners.add(listener);
    return () => this.openListeners.delete(listener);
  }

  private sendSubscribe(topic: string) {
    const token = this.tokens.get(topic);
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: 'subscribe', topic, token }));
  }

  /**
   * Asks for a topic again, with this token from now on (null: none): after joining a room,
   * whose topic the server refused before.
   */
  authorize(topic: string, token: string | null) {
    if (token) this.tokens.set(topic, token);
    else this.tokens.delete(topic);
    if (this.topics.has(topic)) this.sendSubscribe(topic);
  }

  subscribe(topic: string, listener: Listener): () => void {
    let set = this.topics.get(topic);
    if (!set) {
      set = new Set();
      this.topics.set(topic, set);
      this.sendSubscribe(topic);
    }
    set.add(listener);
    this.connect();
    return () => {
      set.delete(listener);
      if (set.size === 0) {
        this.topics.delete(topic);
        if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: 'unsubscribe', topic }));
      }
    };
  }
}

export const realtime = new RealtimeClient();

export function onEvent<K extends RealtimeEventName>(
  topic: string,
  event: K,
  handler: (data: RealtimeEvents[K]) => void,
): () => void {
  return realtime.subscribe(topic, (msg) => {
    if (msg.event === event) handler(msg.data as RealtimeEvents[K]);
  });
}
