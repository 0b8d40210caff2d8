import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLikedIds, TLikeState, TTrack } from '@wavecast/shared';
import { useCallback, useState } from 'react';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useSession } from '../auth/session';
import { likeStore, useStoredLike } from './likeStore';

export const likeKeys = {
  all: ['likes'] as const,
  ids: (userId: string) => ['likes', 'ids', userId] as const,
  list: (userId: string) => ['likes', 'list', userId] as const,
};

const toSet = (d: TLikedIds) => new Set(d.ids);

/** Ids of every track the signed-in viewer likes (one request serves every heart on the page). */
export function useLikedIds() {
  const { user } = useSession();
  return useQuery({
    queryKey: likeKeys.ids(user?.id ?? ''),
    queryFn: () => api<TLikedIds>('/api/me/likes/ids'),
    enabled: !!user,
    staleTime: 5 * 60_000,
    select: toSet,
  });
}

/** A track's like state for the viewer, and the toggle that persists it. */
export function useLike(track: Pick<TTrack, 'id' | 'likeCount' | 'liked'>) {
  const { user } = useSession();
  const qc = useQueryClient();
  const ids = useLikedIds();
  const stored = useStoredLike(user?.id, track.id);
  const [pending, setPending] = useState(false);
  const liked = stored?.liked ?? ids.data?.has(track.id) ?? track.liked ?? false;
  const likeCount = stored?.likeCount ?? track.likeCount;

  const toggle = useCallback(async () => {
    if (!user) {
      toast.error('Log in to like tracks');
      return;
    }
    if (pending) return;
    const want = !liked;
    const before: TLikeState = { trackId: track.id, liked, likeCount };
    // Optimistic: the heart answers at once; the server's figures replace the guess.
    likeStore.set(user.id, { trackId: track.id, liked: want, likeCount: Math.max(0, likeCount + (want ? 1 : -1)) });
    setPending(true);
    try {
      const res = await api<TLikeState>(`/api/tracks/${encodeURIComponent(track.id)}/like`, {
        method: want ? 'PUT' : 'DELETE',
      });
      likeStore.set(user.id, res);
      qc.setQueryData<TLikedIds>(likeKeys.ids(user.id), (d) =>
        d ? { ids: res.liked ? [...new Set([...d.ids, res.trackId])] : d.ids.filter((id) => id !== res.trackId) } : d,
      );
      void qc.invalidateQueries({ queryKey: likeKeys.list(user.id) });
    } catch {
      likeStore.set(user.id, before);
      toast.error('Could not update your like. Please try again.');
    } finally {
      setPending(false);
    }
  }, [user, pending, liked, likeCount, track.id, qc]);

  return { liked, likeCount, toggle, pending, signedIn: !!user };
}
