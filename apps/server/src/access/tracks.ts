import { isUuid } from '@wavecast/shared';
import { and, eq, or, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { audioContent } from '../db/schema';

/**
 * Who may see a track, written once: everyone sees a public, ready track; its owner sees it in
 * every state (processing, failed, private). Others get 404, never 403: a hidden track does not
 * exist for them. The rule in TypeScript, the same rule in SQL, and the loader they share.
 */

/** What an access decision needs of a track (and what callers commonly need beside it). */
export interface TrackAccess {
  id: string;
  userId: string;
  isPublic: boolean;
  status: string;
  duration: number;
  playCount: number;
  likeCount: number;
  allowDownloads: boolean;
}

export function canSeeTrack(
  viewerId: string | null,
  track: Pick<TrackAccess, 'userId' | 'isPublic' | 'status'>,
): boolean {
  return isDiscoverable(track) || (viewerId !== null && track.userId === viewerId);
}

/** Visible to everyone (and so cacheable by anyone, and listed in discovery). */
export const isDiscoverable = (track: Pick<TrackAccess, 'isPublic' | 'status'>) =>
  track.isPublic && track.status === 'ready';

/** `isDiscoverable` in SQL, for the track table under `alias` (the partial indexes repeat it exactly). */
export const discoverableSql = (alias = 'a') => `${alias}.is_public AND ${alias}.status = 'ready'`;

/** `canSeeTrack` in SQL: `viewerParam` is the placeholder holding the viewer's id (null: anonymous). */
export const visibleSql = (alias: string, viewerParam: string) =>
  `((${discoverableSql(alias)}) OR ${alias}.user_id = ${viewerParam})`;

/** `canSeeTrack` for Drizzle queries over `audio_content`. */
export function visibleWhere(viewerId: string | null): SQL | undefined {
  const discoverable = and(eq(audioContent.isPublic, true), eq(audioContent.status, 'ready'));
  return viewerId ? or(discoverable, eq(audioContent.userId, viewerId)) : discoverable;
}

/** The access facts of a track; undefined when there is none (ids that are no UUID cannot exist). */
export async function loadTrackAccess(database: Database, trackId: string): Promise<TrackAccess | undefined> {
  if (!isUuid(trackId)) return undefined;
  const [row] = await database.db
    .select({
      id: audioContent.id,
      userId: audioContent.userId,
      isPublic: audioContent.isPublic,
      status: audioContent.status,
      duration: audioContent.duration,
      playCount: audioContent.playCount,
      likeCount: audioContent.likeCount,
      allowDownloads: audioContent.allowDownloads,
    })
    .from(audioContent)
    .where(eq(audioContent.id, trackId));
  return row;
}

/** Loads a track the viewer may see; undefined for a missing one and for one hidden from them. */
export async function loadVisibleTrack(
  database: Database,
  viewerId: string | null,
  trackId: string,
): Promise<TrackAccess | undefined> {
  const track = await loadTrackAccess(database, trackId);
  return track && canSeeTrack(viewerId, track) ? track : undefined;
}
