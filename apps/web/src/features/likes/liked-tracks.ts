import { useInfiniteQuery } from '@tanstack/react-query';
import type { TLikedList } from '@wavecast/shared';
import { api } from '../../lib/api';
import { useSession } from '../auth/session';
import { likeKeys } from './queries';

/** The viewer's liked tracks, page by page (Liked Songs only: apart from the hearts' hooks, so
 * pages with hearts do not load the infinite-query code). */
export function useLikedTracks() {
  const { user } = useSession();
  return useInfiniteQuery({
    queryKey: likeKeys.list(user?.id ?? ''),
    queryFn: ({ pageParam }) =>
      api<TLikedList>(`/api/me/likes${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: !!user,
  });
}
