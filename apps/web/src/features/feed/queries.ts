import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZES, type TFeedPage, type TPlaybackPrefs, type TRepostState } from '@wavecast/shared';
import { api } from '../../lib/api';
import { useSession } from '../auth/session';
import { playbackKey } from './playback-prefs';

export const feedKeys = {
  feed: (userId: string, limit: number) => ['feed', userId, limit] as const,
  repost: (trackId: string, userId: string) => ['repost', trackId, userId] as const,
};

/** The following feed, page by page (`limit` items a page). */
export function useFeed(limit: number = PAGE_SIZES.feed) {
  const { user } = useSession();
  return useInfiniteQuery({
    queryKey: feedKeys.feed(user?.id ?? '', limit),
    queryFn: ({ pageParam }) =>
      api<TFeedPage>(`/api/feed?limit=${limit}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: !!user,
  });
}

/** A track's repost state for the viewer (anyone sees the count). */
export function useRepostState(trackId: string) {
  const { user } = useSession();
  return useQuery({
    queryKey: feedKeys.repost(trackId, user?.id ?? ''),
    queryFn: () => api<TRepostState>(`/api/tracks/${encodeURIComponent(trackId)}/repost`),
  });
}

export function useToggleRepost(trackId: string) {
  const { user } = useSession();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (repost: boolean) =>
      api<TRepostState>(`/api/tracks/${encodeURIComponent(trackId)}/repost`, { method: repost ? 'PUT' : 'DELETE' }),
    onSuccess: (state) => {
      qc.setQueryData(feedKeys.repost(trackId, user?.id ?? ''), state);
      void qc.invalidateQueries({ queryKey: ['feed'] });
    },
  });
}

export function useSavePlaybackPrefs() {
  const { user } = useSession();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (prefs: TPlaybackPrefs) =>
      api<TPlaybackPrefs>('/api/me/settings/playback', { method: 'PUT', body: prefs }),
    onSuccess: (prefs) => qc.setQueryData(playbackKey(user?.id ?? ''), prefs),
  });
}
