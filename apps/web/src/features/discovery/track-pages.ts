import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ExploreSort, TTrackPage } from '@wavecast/shared';
import { api } from '../../lib/api';
import { discoveryKeys, qs } from './queries';

/**
 * Explore / Categories: pages of tracks, following the server's cursor (Load more). Apart from
 * queries.ts so that Home, which has no such list, does not load the infinite-query code.
 */
export function useTrackPages(
  f: { q?: string; category?: string; sort?: ExploreSort; limit?: number },
  enabled = true,
) {
  return useInfiniteQuery({
    enabled,
    queryKey: discoveryKeys.tracks(f),
    queryFn: ({ pageParam }) => api<TTrackPage>(`/api/explore/tracks${qs({ ...f, cursor: pageParam })}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
