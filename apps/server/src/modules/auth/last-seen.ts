import type { Db } from '../../db/client';
import { touchSessionLastSeen } from './repo';

/** How often a session's "last seen" (Settings → Security → Signed-in devices) is written at most. */
export const LAST_SEEN_INTERVAL_MS = 5 * 60_000;

/** Media bytes and the player's polling of them: never worth a write (the hot path stays read-only). */
const MEDIA_PATH =
  /^\/api\/(?:tracks\/[^/?]+\/(?:stream|download|cover|peaks)|live\/[^/?]+\/(?:stream|hls\/)|podcasts\/enclosures\/)/;

/**
 * When each session was last used, marked by the auth hook: better-auth moves `updated_at` only
 * when it extends a session (once a day), so "last seen" is ours. This process remembers when it
 * last marked a session and writes again only after `LAST_SEEN_INTERVAL_MS`; the UPDATE itself
 * is conditional on the row's time too, so several processes still write at most once per interval.
 * The write is not awaited: a request never waits for it.
 */
export class SessionLastSeen {
  private readonly marked = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly log: { warn(obj: object, msg: string): void },
    private readonly intervalMs = LAST_SEEN_INTERVAL_MS,
    private readonly maxEntries = 50_000,
  ) {}

  note(sessionId: string | undefined, url: string, viaToken?: string): void {
    if (!sessionId || viaToken || MEDIA_PATH.test(url)) return;
    const now = Date.now();
    const last = this.marked.get(sessionId);
    if (last !== undefined && now - last < this.intervalMs) return;
    if (this.marked.size >= this.maxEntries) this.prune(now);
    this.marked.set(sessionId, now);
    touchSessionLastSeen(this.db, sessionId, Math.floor(this.intervalMs / 1000)).catch((err) =>
      this.log.warn({ err }, 'session last-seen write failed'),
    );
  }

  /** Drops marks older than the interval (and, if still full, everything: the next writes are conditional). */
  private prune(now: number): void {
    for (const [id, at] of this.marked) if (now - at >= this.intervalMs) this.marked.delete(id);
    if (this.marked.size >= this.maxEntries) this.marked.clear();
  }
}
