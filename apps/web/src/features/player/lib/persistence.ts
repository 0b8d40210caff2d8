import type { TTrack } from '@wavecast/shared';
import { DEFAULT_VOLUME, PLAYBACK_RATE_MAX, PLAYBACK_RATE_MIN } from '@wavecast/shared';
import { emptyQueueState, HISTORY_LIMIT, type QueueState } from './queue';

export const PLAYER_STORAGE_KEY = 'wavecast.player.v1';

/** What survives a reload: no tokens or private data, only public track data and settings. */
export interface SavedPlayer extends QueueState {
  position: number;
  volume: number;
  muted: boolean;
  rate: number;
}

export const defaultSavedPlayer: SavedPlayer = {
  ...emptyQueueState,
  position: 0,
  volume: DEFAULT_VOLUME,
  muted: false,
  rate: 1,
};

const clamp = (n: unknown, min: number, max: number, fallback: number) =>
  typeof n === 'number' && Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;

function isTrack(t: unknown): t is TTrack {
  const o = t as Partial<TTrack> | null;
  return !!o && typeof o.id === 'string' && typeof o.title === 'string' && typeof o.audioUrl === 'string';
}

/** Reads saved state defensively: anything malformed falls back to the defaults. */
export function parseSavedPlayer(raw: string | null): SavedPlayer {
  if (!raw) return defaultSavedPlayer;
  let data: Partial<SavedPlayer>;
  try {
    data = JSON.parse(raw);
  } catch {
    return defaultSavedPlayer;
  }
  if (!data || typeof data !== 'object') return defaultSavedPlayer;
  const tracks = (v: unknown) => (Array.isArray(v) ? v.filter(isTrack) : []);
  return {
    current: isTrack(data.current) ? data.current : null,
    queue: tracks(data.queue),
    history: tracks(data.history).slice(-HISTORY_LIMIT),
    position: clamp(data.position, 0, Number.MAX_SAFE_INTEGER, 0),
    volume: clamp(data.volume, 0, 1, DEFAULT_VOLUME),
    muted: data.muted === true,
    rate: clamp(data.rate, PLAYBACK_RATE_MIN, PLAYBACK_RATE_MAX, 1),
  };
}

export function loadPlayer(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): SavedPlayer {
  try {
    return parseSavedPlayer(storage?.getItem(PLAYER_STORAGE_KEY) ?? null);
  } catch {
    return defaultSavedPlayer;
  }
}

export function savePlayer(
  state: SavedPlayer,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
) {
  try {
    storage?.setItem(PLAYER_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Full or disabled storage: the player still works, it just won't survive a reload.
  }
}
