import type { TLikeState } from '@wavecast/shared';
import { useSyncExternalStore } from 'react';

/**
 * The latest like state per (viewer, track) learnt this session, so every heart of the same track
 * (card, player, detail page) agrees without refetching the lists it came from.
 */
const states = new Map<string, TLikeState>();
const listeners = new Set<() => void>();
const key = (userId: string, trackId: string) => `${userId}:${trackId}`;

export const likeStore = {
  get: (userId: string, trackId: string) => states.get(key(userId, trackId)),
  set(userId: string, state: TLikeState) {
    states.set(key(userId, state.trackId), state);
    for (const l of listeners) l();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useStoredLike(userId: string | undefined, trackId: string): TLikeState | undefined {
  const get = () => (userId ? likeStore.get(userId, trackId) : undefined);
  return useSyncExternalStore(likeStore.subscribe, get, get);
}
