import { LISTEN_BUCKET_SECONDS, playCountThreshold, type TListenReport, type TListenSource } from '@wavecast/shared';

/** Where a listen started, from the page the player was started on (and the referrer on landing). */
export function sourceFromPage(pathname: string, referrer = '', origin = ''): TListenSource {
  if (pathname === '/') return 'home';
  if (pathname.startsWith('/search') || pathname.startsWith('/explore/search')) return 'search';
  if (pathname.startsWith('/explore')) return 'explore';
  if (pathname.startsWith('/profile/')) return 'profile';
  if (pathname.startsWith('/playlist/')) return 'playlist';
  if (pathname.startsWith('/dashboard/listener')) return 'library';
  if (pathname.startsWith('/embed')) return 'embed';
  if (pathname.startsWith('/audio/')) return referrer && origin && !referrer.startsWith(origin) ? 'external' : 'track';
  return 'other';
}

/** How many new buckets make a batch worth sending (30 s of listening). */
export const LISTEN_BATCH_BUCKETS = 6;

const newSessionId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
        (Number(c) ^ (Math.floor(Math.random() * 256) & (15 >> (Number(c) / 4)))).toString(16),
      );

/** Larger jumps between two time updates are seeks, not listening. */
const MAX_TICK_SECONDS = 1.5;

/**
 * Counts the seconds really listened in one play of a track (seeking ahead does not count) and
 * says once when the play has earned a report to the server.
 */
export class ListenTracker {
  private listened = 0;
  private lastTime: number | null = null;
  private reported = false;
  private started = false;
  /** One listen of this track, for analytics: its id makes replayed reports harmless. */
  readonly sessionId = newSessionId();
  /** 5-second buckets heard since the last report. */
  private pending = new Set<number>();

  constructor(
    readonly trackId: string,
    private duration: number,
    readonly source: TListenSource = 'other',
  ) {}

  setDuration(duration: number) {
    if (Number.isFinite(duration) && duration > 0) this.duration = duration;
  }

  /** Feed every timeupdate while playing; returns true exactly once, when the threshold is reached. */
  tick(currentTime: number, playbackRate = 1): boolean {
    if (this.lastTime !== null) {
      const delta = currentTime - this.lastTime;
      // Media seconds heard count (at 3× a tick covers more media time); bigger jumps are seeks.
      if (delta > 0 && delta <= MAX_TICK_SECONDS * Math.max(1, playbackRate)) {
        this.listened += delta;
        this.pending.add(Math.floor(this.lastTime / LISTEN_BUCKET_SECONDS));
        this.pending.add(Math.floor(currentTime / LISTEN_BUCKET_SECONDS));
      }
    }
    this.lastTime = currentTime;
    if (!this.reported && this.listened >= playCountThreshold(this.duration)) {
      this.reported = true;
      return true;
    }
    return false;
  }

  /** True the first time playback of this play starts (the moment to say hello to the server). */
  start(): boolean {
    if (this.started) return false;
    this.started = true;
    return true;
  }

  /** After a pause or seek the next tick starts a new span. */
  break() {
    this.lastTime = null;
  }

  /** Buckets waiting to be sent. */
  get pendingBuckets() {
    return this.pending.size;
  }

  /** The heard buckets not yet sent, as a report (then forgotten); undefined when there are none. */
  takeListen(): TListenReport | undefined {
    if (this.pending.size === 0) return undefined;
    const buckets = [...this.pending].sort((a, b) => a - b);
    this.pending.clear();
    return { sessionId: this.sessionId, buckets, source: this.source };
  }

  get secondsListened() {
    return this.listened;
  }

  /** Seconds of listening this play needs to count. */
  get threshold() {
    return playCountThreshold(this.duration);
  }
}
