import { useQuery } from '@tanstack/react-query';
import type { TAlbum, TAlbumCreate, TAlbumList } from '@wavecast/shared';
import { api } from '../../lib/api';

export const albumKeys = {
  album: (id: string) => ['albums', id] as const,
  ofUser: (userId: string) => ['albums', 'user', userId] as const,
};

export function useAlbum(id: string) {
  return useQuery({
    queryKey: albumKeys.album(id),
    queryFn: () => api<TAlbum>(`/api/albums/${encodeURIComponent(id)}`),
  });
}

export function useUserAlbums(userId: string) {
  return useQuery({
    queryKey: albumKeys.ofUser(userId),
    queryFn: () => api<TAlbumList>(`/api/users/${encodeURIComponent(userId)}/albums`),
  });
}

/** Makes the album, then stores its cover if one was chosen. */
export async function createAlbum(input: TAlbumCreate, cover: File | null): Promise<TAlbum> {
  const album = await api<TAlbum>('/api/albums', { method: 'POST', body: input });
  if (!cover) return album;
  const form = new FormData();
  form.append('cover', cover);
  return api<TAlbum>(`/api/albums/${album.id}/cover`, { method: 'PUT', body: form });
}
