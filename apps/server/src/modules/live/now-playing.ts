import type { EventBus } from '../../realtime/bus';

type Listener = (streamId: string, title: string | null) => void;

/**
 * The current "now playing" of the streams this process serves in media (ICY listeners, HLS
 * runs), kept up to date from `live.nowPlaying` on the bus (any process may take the metadata
 * update, ADR 0043). One bus subscription for all of them; a stream is followed while watched.
 */
export class NowPlayingWatch {
  private readonly titles = new Map<string, { title: string | null; watchers: number }>();
  private readonly listeners = new Set<Listener>();
  private readonly off: () => void;

  constructor(bus: EventBus) {
    this.off = bus.subscribe((m) => {
      if (m.event !== 'live.nowPlaying') return;
      const { streamId, nowPlaying } = m.data as { streamId: string; nowPlaying: string | null };
      const w = this.titles.get(streamId);
      if (w) w.title = nowPlaying;
      for (const fn of this.listeners) fn(streamId, nowPlaying);
    });
  }

  /** Follows a stream from `initial` (read from the database); a newer title already known here wins. */
  watch(streamId: string, initial: string | null): { title(): string | null; stop(): void } {
    const w = this.titles.get(streamId) ?? { title: initial, watchers: 0 };
    w.watchers++;
    this.titles.set(streamId, w);
    let stopped = false;
    return {
      title: () => w.title,
      stop: () => {
        if (stopped) return;
        stopped = true;
        if (--w.watchers === 0 && this.titles.get(streamId) === w) this.titles.delete(streamId);
      },
    };
  }

  /** Every update, for whoever keeps its own per-stream state (HLS runs). */
  onChange(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  close(): void {
    this.off();
    this.listeners.clear();
  }
}
