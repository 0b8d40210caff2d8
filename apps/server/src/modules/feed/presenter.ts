import type { TAlbumSummary, TFeedItem, TTrack, TUserSummary } from '@wavecast/shared';
import type { FeedRow } from './repo';

/** Feed rows as items; a row whose track, reposter or album went in the meantime is left out. */
export function presentFeed(
  rows: FeedRow[],
  found: { tracks: Map<string, TTrack>; users: Map<string, TUserSummary>; albums: Map<string, TAlbumSummary> },
): TFeedItem[] {
  const items: TFeedItem[] = [];
  for (const row of rows) {
    const at = new Date(row.at).toISOString();
    const track = row.track_id ? found.tracks.get(row.track_id) : undefined;
    if (row.kind === 'upload' && track) items.push({ kind: 'upload', id: row.item_id, at, track });
    if (row.kind === 'repost' && track && row.reposter_id) {
      const reposter = found.users.get(row.reposter_id);
      if (reposter) items.push({ kind: 'repost', id: row.item_id, at, track, reposter });
    }
    const album = row.album_id ? found.albums.get(row.album_id) : undefined;
    if (row.kind === 'album' && album) items.push({ kind: 'album', id: row.item_id, at, album });
  }
  return items;
}
