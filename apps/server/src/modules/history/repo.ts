import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { toTrackFacts, trackFactsColumns } from '../../access/tracks';
import type { Database, Db } from '../../db/client';
import { audioContent, playbackPositions, users } from '../../db/schema';

const creatorColumns = { id: users.id, displayName: users.displayName, avatarUrl: users.avatarUrl };

export async function findTrack(db: Db, trackId: string) {
  const [row] = await db
    .select({ track: audioContent, facts: trackFactsColumns })
    .from(audioContent)
    .where(eq(audioContent.id, trackId));
  return row && { ...row, facts: toTrackFacts(row.facts) };
}

export async function upsertPosition(db: Db, userId: string, trackId: string, positionSeconds: number) {
  await db
    .insert(playbackPositions)
    .values({ userId, audioId: trackId, positionSeconds, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [playbackPositions.userId, playbackPositions.audioId],
      set: { positionSeconds, updatedAt: new Date() },
    });
}

export async function findPosition(db: Db, userId: string, trackId: string) {
  const [row] = await db
    .select()
    .from(playbackPositions)
    .where(and(eq(playbackPositions.userId, userId), eq(playbackPositions.audioId, trackId)));
  return row;
}

/** Unfinished positions (past the start, before the end), most recent first, with their tracks. */
export async function listUnfinished(
  db: Db,
  userId: string,
  opts: { minSeconds: number; endSlack: number; limit: number },
) {
  const rows = await db
    .select({ position: playbackPositions, track: audioContent, creator: creatorColumns, facts: trackFactsColumns })
    .from(playbackPositions)
    .innerJoin(audioContent, eq(audioContent.id, playbackPositions.audioId))
    .leftJoin(users, eq(users.id, audioContent.userId))
    .where(
      and(
        eq(playbackPositions.userId, userId),
        sql`${playbackPositions.positionSeconds} >= ${opts.minSeconds}`,
        sql`${playbackPositions.positionSeconds} < ${audioContent.duration} - ${opts.endSlack}`,
      ),
    )
    .orderBy(desc(playbackPositions.updatedAt))
    .limit(opts.limit);
  return rows.map((r) => ({ ...r, facts: toTrackFacts(r.facts) }));
}

/**
 * The tracks this user played most recently, each once: counted plays (listen events) and saved
 * long-form positions. Only the latest events are scanned, so a long history stays cheap.
 */
export async function recentTrackIds(query: Database['query'], userId: string, limit: number) {
  return query<{ audio_id: string; played_at: Date | string }>(
    `SELECT audio_id, max(t) AS played_at FROM (
       (SELECT audio_id, created_at AS t FROM listen_events WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1000)
       UNION ALL
       (SELECT audio_id, updated_at AS t FROM playback_positions WHERE user_id = $1 ORDER BY updated_at DESC LIMIT 200)
     ) recent
     GROUP BY audio_id ORDER BY played_at DESC LIMIT $2`,
    [userId, limit],
  );
}

export async function tracksWithCreators(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ track: audioContent, creator: creatorColumns, facts: trackFactsColumns })
    .from(audioContent)
    .leftJoin(users, eq(users.id, audioContent.userId))
    .where(inArray(audioContent.id, ids));
  return rows.map((r) => ({ ...r, facts: toTrackFacts(r.facts) }));
}
