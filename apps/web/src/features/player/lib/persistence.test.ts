import type { TTrack } from '@wavecast/shared';
import { describe, expect, it } from 'vitest';
import { defaultSavedPlayer, loadPlayer, PLAYER_STORAGE_KEY, parseSavedPlayer, savePlayer } from './persistence';

const track = { id: 'a', title: 'A', audioUrl: '/api/tracks/a/stream' } as TTrack;

describe('player persistence', () => {
  it('round-trips current track, position, queue, volume and speed', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    const state = { current: track, queue: [track], history: [], position: 42.5, volume: 0.3, muted: true, rate: 1.5 };
    savePlayer(state, storage);
    expect(store.has(PLAYER_STORAGE_KEY)).toBe(true);
    expect(loadPlayer(storage)).toEqual(state);
  });

  it('falls back to defaults (volume 0.7) for missing or broken data', () => {
    expect(parseSavedPlayer(null)).toEqual(defaultSavedPlayer);
    expect(defaultSavedPlayer.volume).toBe(0.7);
    expect(parseSavedPlayer('{not json')).toEqual(defaultSavedPlayer);
    const odd = parseSavedPlayer(
      JSON.stringify({ current: { id: 1 }, queue: [track, 'x'], volume: 7, rate: 10, position: -3 }),
    );
    expect(odd).toMatchObject({ current: null, queue: [track], volume: 1, rate: 3, position: 0 });
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(loadPlayer(broken)).toEqual(defaultSavedPlayer);
    expect(() => savePlayer(defaultSavedPlayer, broken)).not.toThrow();
  });
});
