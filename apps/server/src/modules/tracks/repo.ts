import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { discoverableSql, type TrackFacts, toTrackFacts, trackFactsColumns } from '../../access/tracks';
import type { Database, Db } from '../../db/client';
import { audioContent, type TrackMedia, users } from '../../db/schema';

export type TrackRow = typeof audioContent.$inferSelect;
export type NewTrackRow = typeof audioContent.$inferInsert;
export type CreatorRow = { id: string; displayName: string | null; avatarUrl: string | null };

const creatorColumns = { id: users.id, displayName: users.displayName, avatarUrl: users.avatarUrl };

export async function findTrack(database: Database, id: string): Promise<TrackRow | null> {
  const [row] = await database.db.select().from(audioContent).where(eq(audioContent.id, id));
  return row ?? null;
}

export async function findTrackWithCreator(
  database: Database,
  id: string,
): Promise<{ track: TrackRow; creator: CreatorRow | null; facts: TrackFacts } | null> {
  const [row] = await database.db
    .select({ track: audioContent, creator: creatorColumns, facts: trackFactsColumns })
    .from(audioContent)
    .leftJoin(users, eq(users.id, audioContent.userId))
    .where(eq(audioContent.id, id));
  return row ? { ...row, facts: toTrackFacts(row.facts) } : null;
}

export async function insertTrack(database: Database, values: NewTrackRow): Promise<TrackRow> {
  const [row] = await database.db.insert(audioContent).values(values).returning();
  return row;
}

/** The owner's tracks, newest first, after a (createdAt, id) cursor. */
export async function listTracksOfUser(
  database: Database,
  userId: string,
  opts: { limit: number; before?: { createdAt: Date; id: string } },
): Promise<{ track: TrackRow; creator: CreatorRow | null }[]> {
  const cursor = opts.before
    ? or(
        lt(audioContent.createdAt, opts.before.createdAt),
        and(eq(audioContent.createdAt, opts.before.createdAt), lt(audioContent.id, opts.before.id)),
      )
    : undefined;
  return database.db
    .select({ track: audioContent, creator: creatorColumns })
    .from(audioContent)
    .leftJoin(users, eq(users.id, audioContent.userId))
    .where(and(eq(audioContent.userId, userId), cursor))
    .orderBy(desc(audioContent.createdAt), desc(audioContent.id))
    .limit(opts.limit);
}

export async function updateTrack(db: Db, id: string, values: Partial<NewTrackRow>): Promise<TrackRow | null> {
  const [row] = await db
    .update(audioContent)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(audioContent.id, id))
    .returning();
  return row ?? null;
}

export async function deleteTrackRow(db: Db, id: string): Promise<TrackRow | null> {
  const [row] = await db.delete(audioContent).where(eq(audioContent.id, id)).returning();
  return row ?? null;
}

/**
 * Writes the results of processing, merging the rendition keys into `media` (other keys there,
 * such as cover sizes, stay); null when the track was deleted meanwhile.
 */
export async function completeProcessing(
  database: Database,
  id: string,
  values: {
    media: Pick<TrackMedia, 'opusKey' | 'aacKey' | 'hdKey'>;
    duration: number;
    loudnessLufs: number | null;
    gainDb: number | null;
    peaks: number[];
  },
): Promise<TrackRow | null> {
  const [row] = await database.db
    .update(audioContent)
    .set({
      // This run's renditions replace the last run's: an HD key it did not make goes too.
      media: sql`(${audioContent.media} - 'hdKey') || ${JSON.stringify(values.media)}::jsonb`,
      duration: values.duration,
      loudnessLufs: values.loudnessLufs,
      gainDb: values.gainDb,
      peaks: values.peaks,
      status: 'ready',
      failureReason: null,
      updatedAt: new Date(),
    })
    .where(eq(audioContent.id, id))
    .returning();
  return row ?? null;
}

/** Stores the resized covers, unless the cover was replaced meanwhile (then false). */
export async function setCoverSizes(
  database: Database,
  id: string,
  coverKey: string,
  coverKeys: Record<string, string>,
): Promise<boolean> {
  const rows = await database.db
    .update(audioContent)
    .set({
      media: sql`jsonb_set(${audioContent.media}, '{coverKeys}', ${JSON.stringify(coverKeys)}::jsonb)`,
      updatedAt: new Date(),
    })
    .where(and(eq(audioContent.id, id), eq(audioContent.coverKey, coverKey)))
    .returning({ id: audioContent.id });
  return rows.length > 0;
}

export async function markFailed(database: Database, id: string, reason: string): Promise<TrackRow | null> {
  const [row] = await database.db
    .update(audioContent)
    .set({ status: 'failed', failureReason: reason.slice(0, 500), updatedAt: new Date() })
    .where(and(eq(audioContent.id, id), eq(audioContent.status, 'processing')))
    .returning();
  return row ?? null;
}

/** Sets the "announced" flag once; true only for the call that set it (at most one announcement). */
export async function claimAnnouncement(database: Database, id: string): Promise<{ userId: string } | null> {
  const rows = await database.query<{ user_id: string }>(
    `UPDATE audio_content SET media = media || '{"announced": true}'::jsonb
     WHERE id = $1 AND ${discoverableSql('audio_content')}
       AND COALESCE((media->>'announced')::boolean, false) = false
     RETURNING user_id`,
    [id],
  );
  return rows[0] ? { userId: rows[0].user_id } : null;
}

/** Tracks left "processing" without a live job (a crash between the row and its job). */
export async function orphanedProcessingTracks(database: Database): Promise<string[]> {
  const rows = await database.query<{ id: string }>(
    `SELECT a.id FROM audio_content a
     WHERE a.status = 'processing' AND NOT EXISTS (
       SELECT 1 FROM jobs j WHERE j.type = 'track.process' AND j.payload->>'trackId' = a.id::text
         AND j.status IN ('queued', 'running'))`,
  );
  return rows.map((r) => r.id);
}

/** Jobs of ours claimed by a worker that is gone (only safe where one process owns the database). */
export async function requeueRunningJobs(database: Database, types: string[]): Promise<number> {
  const rows = await database.query(
    `UPDATE jobs SET status = 'queued', locked_until = NULL, run_at = now(), updated_at = now()
     WHERE type = ANY($1) AND status = 'running' RETURNING id`,
    [types],
  );
  return rows.length;
}

/** Keeps a long-running job's claim alive so no other worker takes it over. */
export async function extendJobLock(database: Database, type: string, trackId: string, seconds: number) {
  await database.query(
    `UPDATE jobs SET locked_until = now() + make_interval(secs => $3)
     WHERE type = $1 AND status = 'running' AND payload->>'trackId' = $2`,
    [type, trackId, seconds],
  );
}

export const trackVersion = (row: Pick<TrackRow, 'updatedAt'>) => row.updatedAt.getTime().toString(36);

/** Points the track at a new cover and forgets the old cover's sizes (the cover job makes new ones). */
export async function replaceCoverKey(database: Database, id: string, coverKey: string): Promise<boolean> {
  const rows = await database.db
    .update(audioContent)
    .set({ coverKey, media: sql`${audioContent.media} - 'coverKeys'`, updatedAt: new Date() })
    .where(eq(audioContent.id, id))
    .returning({ id: audioContent.id });
  return rows.length > 0;
}
