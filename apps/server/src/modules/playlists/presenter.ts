import type { TPlaylist, TPlaylistItem, TPlaylistSummary } from '@wavecast/shared';
import { DEFAULT_COVER_URL } from '@wavecast/shared';
import { presentTrack } from '../tracks/presenter';
import { canEditPlaylist } from './policy';
import type { listItems, SummaryRow } from './repo';

type ItemRow = Awaited<ReturnType<typeof listItems>>[number];

/** The playlist's own cover, else the first visible track's cover, else the default. */
function coverUrl(row: SummaryRow): string {
  if (row.cover_key) return `/api/playlists/${row.id}/cover?v=${new Date(row.updated_at).getTime().toString(36)}`;
  if (row.cover_track_id) return `/api/tracks/${row.cover_track_id}/cover`;
  return DEFAULT_COVER_URL;
}

/** Fields of a playlist in lists; storage keys never leave. */
export function presentSummary(row: SummaryRow): TPlaylistSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    coverUrl: coverUrl(row),
    isPublic: row.is_public,
    trackCount: row.track_count,
    totalDuration: row.total_duration,
    owner: { id: row.user_id, displayName: row.display_name, avatarUrl: row.avatar_url },
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export function presentItem(row: ItemRow, position: number, viewerId: string | null): TPlaylistItem {
  return {
    id: row.item.id,
    position,
    addedAt: row.item.addedAt.toISOString(),
    track: presentTrack(row.track, row.creator, { viewerId }),
  };
}

export function presentPlaylist(row: SummaryRow, items: TPlaylistItem[], viewerId: string | null): TPlaylist {
  return { ...presentSummary(row), canManage: canEditPlaylist(viewerId, { userId: row.user_id }), items };
}
