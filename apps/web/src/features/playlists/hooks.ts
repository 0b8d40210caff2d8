import type { TTrack } from '@wavecast/shared';
import { useCallback } from 'react';
import { usePlayerControls } from '../player/PlayerProvider';

/** Replaces the queue with these tracks in order and plays the first. */
export function usePlayTracks() {
  const { clearQueue, play, addToQueue } = usePlayerControls();
  return useCallback(
    (tracks: TTrack[]) => {
      const [first, ...rest] = tracks;
      if (!first) return;
      clearQueue();
      play(first);
      for (const track of rest) addToQueue(track);
    },
    [clearQueue, play, addToQueue],
  );
}
