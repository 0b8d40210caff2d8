import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { TCreatorActivity, TCreatorStats, TPage, TTrack, TTrackUpdate, TUploadLimits } from '@wavecast/shared';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { onEvent } from '../../lib/socket';

export const trackKeys = {
  track: (id: string) => ['tracks', 'detail', id] as const,
  mine: ['tracks', 'mine'] as const,
  stats: ['creator', 'stats'] as const,
  activity: ['creator', 'activity'] as const,
};

/**
 * While a track is processing its status is asked again now and then: `track.processed` makes it
 * immediate, but an event sent while the socket was reconnecting is not sent again.
 */
const PROCESSING_POLL_MS = 5_000;

export const useTrack = (id: string | undefined) =>
  useQuery({
    queryKey: trackKeys.track(id ?? ''),
    queryFn: () => api<{ track: TTrack }>(`/api/tracks/${encodeURIComponent(id ?? '')}`).then((r) => r.track),
    enabled: !!id,
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'processing' ? PROCESSING_POLL_MS : false),
  });

/** An audio page's cache from the API's answers by URL (its first view, server-entry.tsx). */
export function seedTrackPage(qc: QueryClient, answers: Record<string, unknown>, id: string) {
  const answer = answers[`/api/tracks/${encodeURIComponent(id)}`] as { track: TTrack } | undefined;
  if (answer) qc.setQueryData(trackKeys.track(id), answer.track);
}

/** The creator's own tracks (every status), page by page. */
export const useMyTracks = () =>
  useInfiniteQuery({
    queryKey: trackKeys.mine,
    queryFn: ({ pageParam }) =>
      api<TPage<TTrack>>(`/api/me/tracks?limit=20${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.items.some((t) => t.status === 'processing')) ? PROCESSING_POLL_MS : false,
  });

/** The server's upload limits (MAX_UPLOAD_BYTES): an oversized file is refused before it is sent. */
export const uploadLimitsQuery = {
  queryKey: ['tracks', 'upload-limits'] as const,
  queryFn: () => api<TUploadLimits>('/api/tracks/upload-limits'),
  staleTime: Number.POSITIVE_INFINITY,
};
export const useUploadLimits = () => useQuery(uploadLimitsQuery);

export const useCreatorStats = () =>
  useQuery({ queryKey: trackKeys.stats, queryFn: () => api<TCreatorStats>('/api/creator/stats') });

export const useCreatorActivity = () =>
  useQuery({
    queryKey: trackKeys.activity,
    queryFn: () => api<{ items: TCreatorActivity[] }>('/api/creator/activity').then((r) => r.items),
  });

/** After any change to a track: the detail, my list and the dashboard figures refetch. */
function useInvalidateTrack() {
  const qc = useQueryClient();
  return (track?: TTrack) => {
    if (track) qc.setQueryData(trackKeys.track(track.id), track);
    void qc.invalidateQueries({ queryKey: ['tracks'] });
    void qc.invalidateQueries({ queryKey: ['creator'] });
    void qc.invalidateQueries({ queryKey: ['discovery'] });
  };
}

export function useUpdateTrack(id: string) {
  const invalidate = useInvalidateTrack();
  return useMutation({
    mutationFn: (patch: TTrackUpdate) =>
      api<{ track: TTrack }>(`/api/tracks/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch as never }),
    onSuccess: (r) => invalidate(r.track),
  });
}

export function useReplaceCover(id: string) {
  const invalidate = useInvalidateTrack();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('cover', file);
      return api<{ track: TTrack }>(`/api/tracks/${encodeURIComponent(id)}/cover`, { method: 'PUT', body: form });
    },
    onSuccess: (r) => invalidate(r.track),
  });
}

export function useDeleteTrack() {
  const invalidate = useInvalidateTrack();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/tracks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: trackKeys.track(id) });
      invalidate();
    },
  });
}

/** Refetches my tracks when processing of one finishes (or fails). */
export function useProcessingUpdates(userId: string | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    return onEvent(`user:${userId}`, 'track.processed', (data) => {
      void qc.invalidateQueries({ queryKey: trackKeys.mine });
      void qc.invalidateQueries({ queryKey: trackKeys.track(data.trackId) });
    });
  }, [userId, qc]);
}

/** A track's play count, updated as plays are counted (`track.played` on the track's topic). */
export function useLivePlayCount(trackId: string) {
  const qc = useQueryClient();
  useEffect(
    () =>
      onEvent(`track:${trackId}`, 'track.played', ({ playCount }) => {
        // Counts only grow: an older message arriving late never takes the figure back.
        qc.setQueryData<TTrack>(trackKeys.track(trackId), (t) =>
          t ? { ...t, playCount: Math.max(t.playCount, playCount) } : t,
        );
      }),
    [trackId, qc],
  );
}

/**
 * The creator dashboard's figures as they change: a play counted on one of my tracks (its row and
 * Total Plays) and followers gained or lost (`user:{id}` topic).
 */
export function useLiveCreatorFigures(userId: string | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const topic = `user:${userId}`;
    const offPlayed = onEvent(topic, 'track.played', ({ trackId, playCount }) => {
      const grow = (t: TTrack) => (t.id === trackId ? { ...t, playCount: Math.max(t.playCount, playCount) } : t);
      qc.setQueryData<InfiniteData<TPage<TTrack>>>(trackKeys.mine, (d) =>
        d ? { ...d, pages: d.pages.map((p) => ({ ...p, items: p.items.map(grow) })) } : d,
      );
      qc.setQueryData<TTrack>(trackKeys.track(trackId), (t) => (t ? grow(t) : t));
      // The total is a sum over every track: asked again rather than worked out here.
      void qc.invalidateQueries({ queryKey: trackKeys.stats });
    });
    const offFollowers = onEvent(topic, 'user.followers', ({ followerCount }) => {
      qc.setQueryData<TCreatorStats>(trackKeys.stats, (s) => (s ? { ...s, followers: followerCount } : s));
    });
    return () => {
      offPlayed();
      offFollowers();
    };
  }, [userId, qc]);
}
