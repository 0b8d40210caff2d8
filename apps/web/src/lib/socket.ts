import type { RealtimeEventName, RealtimeEvents, RealtimeMessage } from '@wavecast/shared';

type Listener = (msg: RealtimeMessage) => void;

/**
 * One WebSocket for the tab, reconnecting with backoff; topics are re-subscribed after a reconnect.
 */
class RealtimeClient {
  private ws?: WebSocket;
  private readonly topics = new Map<string, Set<Listener>>();
  private retry = 0;
  private readonly sessionListeners = new Set<() => void>();

  /** Called when the server closes the socket because the session ended or changed. */
  onSessionClosed(listener: () => void): () => void {
    this.sessionListeners.add(listener);
    return () => this.sessionListeners.delete(listener);
  }

  private connect() {
    if (this.ws && this.ws.readyState <= WebSocket.OPEN) return;
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/ws`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      for (const topic of this.topics.keys()) ws.send(JSON.stringify({ type: 'subscribe', topic }));
    };
    ws.onmessage = (e) => {
      let msg: RealtimeMessage;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      for (const l of this.topics.get(msg.topic) ?? []) l(msg);
    };
    ws.onclose = (e) => {
      // The server ended or changed this session (4401: signed out, password, suspension; 4409: role).
      if (e.code === 4401 || e.code === 4409) for (const l of this.sessionListeners) l();
      if (this.ws !== ws) return; // replaced by reconnect(): the new socket takes over
      this.ws = undefined;
      if (this.topics.size === 0) return;
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

  subscribe(topic: string, listener: Listener): () => void {
    let set = this.topics.get(topic);
    if (!set) {
      set = new Set();
      this.topics.set(topic, set);
      if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: 'subscribe', topic }));
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
