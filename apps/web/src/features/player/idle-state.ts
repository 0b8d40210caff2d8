import type { PlayerState } from './engine';

/**
 * A player with nothing loaded: what the server's render of a first view shows (IdlePlayerProvider),
 * and so what the browser's hydration of that view must render first (ADR 0052) before the player
 * restored from this browser's storage (a saved track, its volume) takes over.
 */
export const IDLE_PLAYER_STATE: PlayerState = {
  current: null,
  queue: [],
  hasPrevious: false,
  playing: false,
  duration: 0,
  volume: 1,
  muted: false,
  rate: 1,
  chapters: [],
  live: null,
  sleep: null,
};
