import { useQuery } from '@tanstack/react-query';
import type { TPlaybackPrefs } from '@wavecast/shared';
import { api } from '../../lib/api';
import { useSession } from '../auth/session';

// Its own small module: the player (in every page's first JavaScript) reads it.
export const playbackKey = (userId: string) => ['settings', 'playback', userId] as const;

/** Settings → Playback: whether the player goes on with related tracks when the queue ends. */
export function usePlaybackPrefs() {
  const { user } = useSession();
  return useQuery({
    queryKey: playbackKey(user?.id ?? ''),
    queryFn: () => api<TPlaybackPrefs>('/api/me/settings/playback'),
    enabled: !!user,
    staleTime: 5 * 60_000,
  });
}
