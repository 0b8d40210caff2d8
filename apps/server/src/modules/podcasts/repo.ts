import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { visibleWhere } from '../../access/tracks';
import type { Database } from '../../db/client';
import { audioContent, playlists, playlistTracks, podcastShows, transcripts, users } from '../../db/schema';
import type { TrackRow } from '../tracks/repo';

export type ShowRow = typeof podcastShows.$inferSelect;
export type FeedOwner = {
  id: string;
  displayName: string | null;
  avatarUrl: string | null;
  bio: string | null;
  email: string;
  suspended: boolean;
};

/** Episodes are discoverable tracks only (access/tracks: public, ready, not removed, owner not suspended). */
const discoverable = visibleWhere(null);

/** The most episodes one feed lists (newest first). */
export const FEED_ITEM_LIMIT = 300;

export function podcastRepo(database: Database) {
  const { db } = database;
  return {
    async owner(userId: string): Promise<FeedOwner | undefined> {
      const [row] = await db
        .select({
          id: users.id,
          displayName: users.displayName,
          avatarUrl: users.avatarUrl,
          bio: users.bio,
          email: users.email,
          suspended: sql<boolean>`${users.suspendedAt} IS NOT NULL`.mapWith(Boolean),
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },
    async show(userId: string): Promise<ShowRow | undefined> {
      const [row] = await db.select().from(podcastShows).where(eq(podcastShows.userId, userId));
      return row;
    },
    async saveShow(row: ShowRow): Promise<ShowRow> {
      const { userId, ...rest } = row;
      const [saved] = await db
        .insert(podcastShows)
        .values(row)
        .onConflictDoUpdate({ target: podcastShows.userId, set: rest })
        .returning();
      return saved;
    },
    creatorEpisodes(userId: string): Promise<TrackRow[]> {
      return db
        .select()
        .from(audioContent)
        .where(and(eq(audioContent.userId, userId), discoverable))
        .orderBy(desc(audioContent.createdAt), desc(audioContent.id))
        .limit(FEED_ITEM_LIMIT);
    },
    async playlist(id: string) {
      const [row] = await db.select().from(playlists).where(eq(playlists.id, id));
      return row;
    },
    async playlistEpisodes(playlistId: string): Promise<TrackRow[]> {
      const rows = await db
        .select({ track: audioContent })
        .from(playlistTracks)
        .innerJoin(audioContent, eq(audioContent.id, playlistTracks.audioId))
        .where(and(eq(playlistTracks.playlistId, playlistId), discoverable))
        .orderBy(asc(playlistTracks.position))
        .limit(FEED_ITEM_LIMIT);
      return rows.map((r) => r.track);
    },
    /** The latest change among a playlist's items (additions, removals show in updated_at of the playlist). */
    async playlistChangedAt(playlistId: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: sql<string | null>`max(${playlistTracks.addedAt})` })
        .from(playlistTracks)
        .where(eq(playlistTracks.playlistId, playlistId));
      return row?.at ? new Date(row.at) : null;
    },
  };
}

/** When each of these tracks' transcripts last changed, and their format (tracks without one are absent). */
export async function transcriptTimes(
  database: Database,
  ids: string[],
): Promise<Map<string, { at: Date; format: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await database.db
    .select({ id: transcripts.audioId, at: transcripts.updatedAt, format: transcripts.format })
    .from(transcripts)
    .where(inArray(transcripts.audioId, ids));
  return new Map(rows.map((r) => [r.id, { at: r.at, format: r.format }]));
}
