import { isUuid } from '@wavecast/shared';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { visibleWhere } from '../../../access/tracks';
import type { Database } from '../../../db/client';
import { audioContent, type TrackMedia, trackCues, users } from '../../../db/schema';

export type TrackCuesRow = typeof trackCues.$inferSelect;

const unmeasured = {
  id: audioContent.id,
  media: audioContent.media,
  audioKey: audioContent.audioKey,
};
export type UnmeasuredTrack = { id: string; media: TrackMedia; audioKey: string };

/** Ready tracks with no cues yet, ready since before `readyBefore`, oldest first (the catch-up). */
export async function tracksWithoutCues(database: Database, limit: number, readyBefore: Date) {
  return database.db
    .select(unmeasured)
    .from(audioContent)
    .leftJoin(trackCues, eq(trackCues.audioId, audioContent.id))
    .where(and(eq(audioContent.status, 'ready'), isNull(trackCues.audioId), lt(audioContent.updatedAt, readyBefore)))
    .orderBy(asc(audioContent.createdAt))
    .limit(limit);
}

/** The track if it is ready and has no cues yet (its measurement at upload). */
export async function trackWithoutCues(database: Database, id: string): Promise<UnmeasuredTrack | null> {
  if (!isUuid(id)) return null;
  const [row] = await database.db
    .select(unmeasured)
    .from(audioContent)
    .leftJoin(trackCues, eq(trackCues.audioId, audioContent.id))
    .where(and(eq(audioContent.id, id), eq(audioContent.status, 'ready'), isNull(trackCues.audioId)));
  return row ?? null;
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
