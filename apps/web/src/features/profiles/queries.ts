import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TActivity, TFollowingPage, TFollowState, TPlaylistSummary, TProfile, TTrackPage } from '@wavecast/shared';
import { ApiError, api } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useSession } from '../auth/session';

export const profileKeys = {
  profile: (id: string, viewer: string) => ['profiles', id, viewer] as const,
  tracks: (id: string) => ['profiles', id, 'tracks'] as const,
  reposts: (id: string) => ['profiles', id, 'reposts'] as const,
  following: (id: string) => ['profiles', id, 'following'] as const,
  activity: (id: string) => ['profiles', id, 'activity'] as const,
  playlists: (id: string) => ['profiles', id, 'playlists'] as const,
};

/** Missing (404) and hidden (403) profiles are answers, not failures worth retrying. */
const retry = (n: number, e: Error) => !(e instanceof ApiError && (e.status === 403 || e.status === 404)) && n < 2;

/** A signed-out visitor's profile page cache from the API's answers by URL (its first view, server-entry.tsx). */
export function seedProfilePage(qc: QueryClient, answers: Record<string, unknown>, id: string) {
  const base = `/api/profiles/${encodeURIComponent(id)}`;
  const profile = answers[base] as TProfile | undefined;
  if (profile) qc.setQueryData(profileKeys.profile(id, ''), profile);
  const tracks = answers[`${base}/tracks`] as TTrackPage | undefined;
  if (tracks) qc.setQueryData(profileKeys.tracks(id), { pages: [tracks], pageParams: [''] });
}

export function useProfile(id: string) {
  const { user } = useSession();
  return useQuery({
    queryKey: profileKeys.profile(id, user?.id ?? ''),
    queryFn: () => api<TProfile>(`/api/profiles/${encodeURIComponent(id)}`),
    retry,
  });
}

export function useProfileTracks(id: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: profileKeys.tracks(id),
    queryFn: ({ pageParam }) =>
      api<TTrackPage>(
        `/api/profiles/${encodeURIComponent(id)}/tracks${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}

/** What the user reposted, newest first (public, paged like their tracks). */
export function useProfileReposts(id: string) {
  return useInfiniteQuery({
    queryKey: profileKeys.reposts(id),
    queryFn: ({ pageParam }) =>
      api<TTrackPage>(
        `/api/profiles/${encodeURIComponent(id)}/reposts${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useFollowing(id: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: profileKeys.following(id),
    queryFn: ({ pageParam }) =>
      api<TFollowingPage>(
        `/api/profiles/${encodeURIComponent(id)}/following${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}

export function useActivity(id: string, enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.activity(id),
    queryFn: async () => (await api<{ items: TActivity[] }>(`/api/profiles/${encodeURIComponent(id)}/activity`)).items,
    enabled,
  });
}

/** Public playlists (the playlists module's `GET /api/users/:id/playlists`). */
export function useUserPlaylists(id: string, enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.playlists(id),
    queryFn: async () =>
      (await api<{ items: TPlaylistSummary[] }>(`/api/users/${encodeURIComponent(id)}/playlists`)).items,
    enabled,
  });
}

/** Follow / Following: the count changes at once and is corrected by the server's answer. */
export function useFollow(id: string) {
  const qc = useQueryClient();
  const { user } = useSession();
  const key = profileKeys.profile(id, user?.id ?? '');
  return useMutation({
    mutationFn: (follow: boolean) =>
      api<TFollowState>(`/api/users/${encodeURIComponent(id)}/follow`, { method: follow ? 'POST' : 'DELETE' }),
    onMutate: async (follow) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<TProfile>(key);
      if (before && before.isFollowing !== follow) {
        qc.setQueryData<TProfile>(key, {
          ...before,
          isFollowing: follow,
          followerCount: before.followerCount === null ? null : before.followerCount + (follow ? 1 : -1),
        });
      }
      return { before };
    },
    onError: (e, _follow, ctx) => {
      if (ctx?.before) qc.setQueryData(key, ctx.before);
      toast.error(e.message);
    },
    onSuccess: (state) => {
      // The viewer's own following count and list changed too.
      if (user) void qc.invalidateQueries({ queryKey: ['profiles', user.id] });
      qc.setQueryData<TProfile>(key, (p) =>
        p
          ? { ...p, isFollowing: state.following, followerCount: p.followerCount === null ? null : state.followerCount }
          : p,
      );
    },
  });
}
