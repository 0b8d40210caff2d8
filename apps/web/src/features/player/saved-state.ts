import type { PlayerState } from './engine';
import { sortedChapters } from './lib/chapters';
import type { SavedPlayer } from './lib/persistence';

/**
 * What the player shows for a state saved by this browser, before anything plays: the engine starts
 * from it, and the lazy player (lazy-player.ts) shows it while the engine's code is still loading.
 */
export function savedPlayerState(saved: SavedPlayer): PlayerState {
  return {
    current: saved.current,
    queue: saved.queue,
    hasPrevious: saved.history.length > 0,
    playing: false,
    duration: saved.current?.duration ?? 0,
    volume: saved.volume,
    muted: saved.muted,
    rate: saved.rate,
    chapters: sortedChapters(saved.current?.chapterMarkers ?? []),
    live: null,
    sleep: null,
  };
}
