import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCreatePlaylist, TPlaylist, TPlaylistList, TUpdatePlaylist } from '@wavecast/shared';
import { api } from '../../lib/api';
import { useSession } from '../auth/session';

export const playlistKeys = {
  all: ['playlists'] as const,
  mine: (trackId?: string) => ['playlists', 'mine', trackId ?? null] as const,
  detail: (id: string) => ['playlists', 'detail', id] as const,
  ofUser: (userId: string) => ['playlists', 'user', userId] as const,
};

const base = (id: string) => `/api/playlists/${encodeURIComponent(id)}`;

/** Lists and library figures change with any edit; the edited playlist gets the server's answer. */
function settle(qc: QueryClient, playlist?: TPlaylist) {
  if (playlist) qc.setQueryData(playlistKeys.detail(playlist.id), playlist);
  void qc.invalidateQueries({ queryKey: ['playlists', 'mine'] });
  void qc.invalidateQueries({ queryKey: ['playlists', 'user'] });
  void qc.invalidateQueries({ queryKey: ['library'] });
}

/** The signed-in user's playlists (newest first); with a track, each says whether it holds it. */
export function useMyPlaylists(trackId?: string, enabled = true) {
  const { user } = useSession();
  return useQuery({
    queryKey: playlistKeys.mine(trackId),
    queryFn: () => api<TPlaylistList>(`/api/playlists/mine${trackId ? `?trackId=${encodeURIComponent(trackId)}` : ''}`),
    enabled: !!user && enabled,
  });
}

/** Public playlists matching a search (the search page's Playlists section). */
export function useSearchPlaylists(q: string, enabled = true) {
  return useQuery({
    queryKey: ['playlists', 'search', q] as const,
    queryFn: () => api<TPlaylistList>(`/api/search/playlists?q=${encodeURIComponent(q)}`),
    enabled: enabled && q.length > 0,
  });
}

export function useUserPlaylists(userId: string | undefined) {
  return useQuery({
    queryKey: playlistKeys.ofUser(userId ?? ''),
    queryFn: () => api<TPlaylistList>(`/api/users/${encodeURIComponent(userId ?? '')}/playlists`),
    enabled: !!userId,
  });
}

export function usePlaylist(id: string) {
  return useQuery({
    queryKey: playlistKeys.detail(id),
    queryFn: () => api<TPlaylist>(base(id)),
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 2,
  });
}

export function useCreatePlaylist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreatePlaylist) => api<TPlaylist>('/api/playlists', { method: 'POST', body }),
    onSuccess: (playlist) => settle(qc, playlist),
  });
}

export function useUpdatePlaylist(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdatePlaylist) => api<TPlaylist>(base(id), { method: 'PATCH', body }),
    onSuccess: (playlist) => settle(qc, playlist),
  });
}

export function useDeletePlaylist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(base(id), { method: 'DELETE' }),
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: playlistKeys.detail(id) });
      settle(qc);
    },
  });
}

export function useAddToPlaylist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ playlistId, trackId }: { playlistId: string; trackId: string }) =>
      api<TPlaylist>(`${base(playlistId)}/tracks`, { method: 'POST', body: { trackId } }),
    onSuccess: (playlist) => settle(qc, playlist),
  });
}

export function useRemoveFromPlaylist(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => api<TPlaylist>(`${base(id)}/items/${itemId}`, { method: 'DELETE' }),
    onSuccess: (playlist) => settle(qc, playlist),
  });
}

/** Moves an entry; the list reorders at once and settles on the server's order (or goes back on error). */
export function useMovePlaylistItem(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, toPosition }: { itemId: string; toPosition: number; optimistic: TPlaylist }) =>
      api<TPlaylist>(`${base(id)}/items/${itemId}/move`, { method: 'POST', body: { toPosition } }),
    onMutate: async ({ optimistic }) => {
      await qc.cancelQueries({ queryKey: playlistKeys.detail(id) });
      const previous = qc.getQueryData<TPlaylist>(playlistKeys.detail(id));
      qc.setQueryData(playlistKeys.detail(id), optimistic);
      return { previous };
    },
    onError: (_e, _v, context) => {
      if (context?.previous) qc.setQueryData(playlistKeys.detail(id), context.previous);
    },
    onSuccess: (playlist) => settle(qc, playlist),
  });
}

export function useSetPlaylistCover(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File | null) => {
      if (!file) return api<TPlaylist>(`${base(id)}/cover`, { method: 'DELETE' });
      const form = new FormData();
      form.append('cover', file);
      return api<TPlaylist>(`${base(id)}/cover`, { method: 'PUT', body: form });
    },
    onSuccess: (playlist) => settle(qc, playlist),
  });
}
