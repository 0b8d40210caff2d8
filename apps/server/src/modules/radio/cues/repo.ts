import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { visibleWhere } from '../../../access/tracks';
import type { Database } from '../../../db/client';
import { audioContent, trackCues, users } from '../../../db/schema';

export type TrackCuesRow = typeof trackCues.$inferSelect;

/** Ready tracks with a stream rendition and no cues yet, oldest first (uploads and the backfill alike). */
export async function tracksWithoutCues(database: Database, limit: number) {
  return database.db
    .select({ id: audioContent.id, media: audioContent.media, audioKey: audioContent.audioKey })
    .from(audioContent)
    .leftJoin(trackCues, eq(trackCues.audioId, audioContent.id))
    .where(and(eq(audioContent.status, 'ready'), isNull(trackCues.audioId)))
    .orderBy(asc(audioContent.createdAt))
    .limit(limit);
}

/** Written once: a second run for the same track (two workers) changes nothing. */
export async function saveCues(database: Database, row: Omit<TrackCuesRow, 'analyzedAt'>): Promise<void> {
  await database.db.insert(trackCues).values(row).onConflictDoNothing();
}

/** The tracks a channel of `ownerId` may play (discoverable ones, and the owner's own ready ones), with their cues. */
export async function playableTracks(database: Database, ids: string[], ownerId: string | null) {
  if (ids.length === 0) return [];
  return database.db
    .select({
      id: audioContent.id,
      title: audioContent.title,
      userId: audioContent.userId,
      artistName: sql<string>`coalesce(${users.displayName}, '')`,
      duration: audioContent.duration,
      media: audioContent.media,
      loudnessLufs: audioContent.loudnessLufs,
      cues: trackCues,
    })
    .from(audioContent)
    .innerJoin(users, eq(users.id, audioContent.userId))
    .leftJoin(trackCues, eq(trackCues.audioId, audioContent.id))
    .where(and(inArray(audioContent.id, ids), eq(audioContent.status, 'ready'), visibleWhere(ownerId)));
}
