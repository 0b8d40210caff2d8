import { createHash } from 'node:crypto';
import type { TAlbum, TAlbumSummary } from '@wavecast/shared';
import { DEFAULT_COVER_URL } from '@wavecast/shared';
import { presentTrack } from '../tracks/presenter';
import type { AlbumRow, AlbumSummaryRow, albumTrackRows } from './repo';

const coverUrl = (id: string, coverKey: string | null) =>
  coverKey
    ? `/api/albums/${id}/cover?v=${createHash('sha1').update(coverKey).digest('base64url').slice(0, 10)}`
    : DEFAULT_COVER_URL;

export function presentAlbumSummary(row: AlbumSummaryRow, today: string): TAlbumSummary {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    releaseDate: row.release_date,
    coverUrl: coverUrl(row.id, row.cover_key),
    trackCount: row.track_count,
    creator: { id: row.user_id, displayName: row.display_name, avatarUrl: row.avatar_url },
    released: row.release_date <= today,
  };
}

export function presentAlbum(
  album: AlbumRow,
  creator: { id: string; displayName: string | null; avatarUrl: string | null } | null,
  tracks: Awaited<ReturnType<typeof albumTrackRows>>,
  opts: { viewerId: string | null; today: string },
): TAlbum {
  const presented = tracks.map((r) => presentTrack(r.track, r.creator, { viewerId: opts.viewerId }));
  return {
    id: album.id,
    title: album.title,
    kind: album.kind,
    releaseDate: album.releaseDate,
    coverUrl: coverUrl(album.id, album.coverKey),
    trackCount: presented.length,
    creator: creator ?? { id: album.userId, displayName: null, avatarUrl: null },
    released: album.releaseDate <= opts.today,
    description: album.description,
    duration: presented.reduce((sum, t) => sum + t.duration, 0),
    tracks: presented,
    canEdit: opts.viewerId === album.userId,
  };
}
