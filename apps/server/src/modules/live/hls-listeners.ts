import type { SourceIvtReason } from '@wavecast/shared';
import type { Clock } from '../../lib/clock';
import { type Listener, listenerKey } from '../plays/repo';

/** A listener whose HLS requests stopped this long ago has left (players reload every part, ~0.3–2 s). */
export const HLS_LISTEN_IDLE_MS = 30_000;
/** Open sessions one process keeps at most; past it new HLS listeners go uncounted, never memory. */
export const HLS_LISTEN_SESSIONS_MAX = 50_000;

/** Who listens: an account or an anonymous listener id (analytics' listener). */
export type HlsListener = Listener;

/** A listener's time on a live stream (a closed WebM connection, an ended HLS session). */
export interface HlsListen {
  streamId: string;
  listener: Listener;
  startedAt: Date;
  seconds: number;
  /** Invalid traffic its first request showed (lib/traffic.ts, ADR 0072), or null. */
  ivtReason: SourceIvtReason | null;
}

interface Session {
  streamId: string;
  listener: Listener;
  startedAt: number;
  lastAt: number;
  ivtReason: SourceIvtReason | null;
}

/**
 * HLS listeners' time on air (issue 38, ADR 0069). An HLS player has no connection that closes
 * the way the endless WebM's does; its playlist, part and segment requests are what tell it is
 * there. One session per stream and listener runs from its first request to its last, and ends
 * once none came for `idleMs`: it is then recorded as one `live_listens` row (as a closing WebM
 * connection is). The span is by the clock, not by request count, so repeated or parallel
 * requests add nothing (idempotent), and a session never holds more than the time it ran.
 */
export class HlsListenerSessions {
  private readonly open = new Map<string, Session>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly clock: Clock,
    private readonly record: (v: HlsListen) => Promise<void>,
    private readonly opts: { idleMs: number; max: number } = {
      idleMs: HLS_LISTEN_IDLE_MS,
      max: HLS_LISTEN_SESSIONS_MAX,
    },
    private readonly log: (msg: string, err?: unknown) => void = () => {},
  ) {
    this.timer = setInterval(() => this.sweep(), 1_000);
    this.timer.unref();
  }

  /**
   * A request of the stream's HLS by `listener` (null: no account nor listener id, not counted);
   * `ivtReason` of a request that starts a session is the session's.
   */
  touch(streamId: string, listener: Listener | null, ivtReason: SourceIvtReason | null = null): void {
    if (!listener) return;
    const key = `${streamId}|${listenerKey(listener)}`;
    const now = this.clock.now().getTime();
    const s = this.open.get(key);
    if (s && now - s.lastAt <= this.opts.idleMs) {
      s.lastAt = Math.max(s.lastAt, now);
      return;
    }
    if (s) this.end(key, s);
    if (this.open.size >= this.opts.max) return;
    this.open.set(key, { streamId, listener, startedAt: now, lastAt: now, ivtReason });
  }

  /** Sessions open now (tests, metrics). */
  get size(): number {
    return this.open.size;
  }

  /** Ends the sessions idle past `idleMs`. */
  sweep(): void {
    const now = this.clock.now().getTime();
    for (const [key, s] of this.open) if (now - s.lastAt > this.opts.idleMs) this.end(key, s);
  }

  /** Ends every session (the process is shutting down), waiting for their rows. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([...this.open].map(([key, s]) => this.end(key, s)));
  }

  private end(key: string, s: Session): Promise<void> {
    this.open.delete(key);
    const listen = {
      streamId: s.streamId,
      listener: s.listener,
      startedAt: new Date(s.startedAt),
      seconds: (s.lastAt - s.startedAt) / 1000,
      ivtReason: s.ivtReason,
    };
    return this.record(listen).catch((e) => this.log('live: recording an HLS listen failed', e));
  }
}
