import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { toTrackFacts, trackFactsColumns, visibleSql } from '../../access/tracks';
import type { Database, Db } from '../../db/client';
import { audioContent, playlists, playlistTracks, users } from '../../db/schema';

export type PlaylistRow = typeof playlists.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

/** Both drivers answer raw statements with `{ rows }`. */
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export async function insertPlaylist(
  db: Db,
  v: { userId: string; name: string; description: string | null; isPublic: boolean },
): Promise<PlaylistRow> {
  const [row] = await db.insert(playlists).values(v).returning();
  return row;
}

const ownerSuspended = sql<boolean>`${users.suspendedAt} IS NOT NULL`.mapWith(Boolean);

/** A playlist with the one fact about its owner that decides who sees it. */
export type FoundPlaylist = PlaylistRow & { ownerSuspended: boolean };

export async function findPlaylist(db: Executor, id: string): Promise<FoundPlaylist | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(playlists), ownerSuspended })
    .from(playlists)
    .innerJoin(users, eq(users.id, playlists.userId))
    .where(eq(playlists.id, id));
  return row;
}

export async function findOwner(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      displayName: users.displayName,
      avatarUrl: users.avatarUrl,
      privacyPrefs: users.privacyPrefs,
      suspended: ownerSuspended,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Runs `fn` in a transaction holding the playlist's row lock: edits of one playlist go one at a time. */
export async function withLockedPlaylist<T>(
  db: Db,
  id: string,
  fn: (tx: Tx, playlist: FoundPlaylist | undefined) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ ...getTableColumns(playlists), ownerSuspended })
      .from(playlists)
      .innerJoin(users, eq(users.id, playlists.userId))
      .where(eq(playlists.id, id))
      .for('update', { of: playlists });
    return fn(tx, row);
  });
}

export async function updatePlaylist(
  db: Executor,
  id: string,
  patch: Partial<Pick<PlaylistRow, 'name' | 'description' | 'isPublic' | 'coverKey'>>,
): Promise<PlaylistRow | undefined> {
  const [row] = await db
    .update(playlists)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(playlists.id, id))
    .returning();
  return row;
}

export async function touchPlaylist(tx: Tx, id: string): Promise<void> {
  await tx.update(playlists).set({ updatedAt: new Date() }).where(eq(playlists.id, id));
}

export async function deletePlaylist(db: Db, id: string): Promise<PlaylistRow | undefined> {
  const [row] = await db.delete(playlists).where(eq(playlists.id, id)).returning();
  return row;
}

/**
 * The playlist's entries in order, with each track, its creator and its visibility facts (all
 * tracks; the caller decides with the facts, since the order counts hidden entries too).
 */
export async function listItems(db: Executor, playlistId: string) {
  const rows = await db
    .select({
      item: playlistTracks,
      track: audioContent,
      creator: { id: users.id, displayName: users.displayName, avatarUrl: users.avatarUrl },
      facts: trackFactsColumns,
    })
    .from(playlistTracks)
    .innerJoin(audioContent, eq(audioContent.id, playlistTracks.audioId))
    .leftJoin(users, eq(users.id, audioContent.userId))
    .where(eq(playlistTracks.playlistId, playlistId))
    .orderBy(asc(playlistTracks.position));
  return rows.map((r) => ({ ...r, facts: toTrackFacts(r.facts) }));
}

/** A track's visibility facts (what adding it to a playlist decides by). */
export async function findTrack(db: Executor, trackId: string) {
  const [row] = await db.select(trackFactsColumns).from(audioContent).where(eq(audioContent.id, trackId));
  return row && toTrackFacts(row);
}

export async function findItem(tx: Tx, playlistId: string, itemId: string) {
  const [row] = await tx
    .select()
    .from(playlistTracks)
    .where(and(eq(playlistTracks.playlistId, playlistId), eq(playlistTracks.id, itemId)));
  return row;
}

/** Entry count and whether the track is already there (under the playlist lock). */
export async function itemStats(tx: Tx, playlistId: string, trackId: string) {
  const [row] = rowsOf<{ n: number; has: boolean; max: number }>(
    await tx.execute(sql`
      SELECT count(*)::int AS n, coalesce(bool_or(audio_id = ${trackId}), false) AS has,
             coalesce(max(position), -1)::int AS max
      FROM playlist_tracks WHERE playlist_id = ${playlistId}`),
  );
  return row;
}

/**
 * Makes positions 0..n-1 again when entries vanished without renumbering (a deleted track's
 * entries go by cascade). Two steps through negative values keep `unique(playlist_id, position)`.
 */
export async function ensureDense(tx: Tx, playlistId: string): Promise<number> {
  const [{ n, max }] = rowsOf<{ n: number; max: number }>(
    await tx.execute(sql`
      SELECT count(*)::int AS n, coalesce(max(position), -1)::int AS max
      FROM playlist_tracks WHERE playlist_id = ${playlistId}`),
  );
  if (max === n - 1) return n;
  await tx.execute(sql`UPDATE playlist_tracks SET position = -1 - position WHERE playlist_id = ${playlistId}`);
  await tx.execute(sql`
    UPDATE playlist_tracks pt SET position = r.rn - 1
    FROM (SELECT id, row_number() OVER (ORDER BY position DESC) AS rn
          FROM playlist_tracks WHERE playlist_id = ${playlistId}) r
    WHERE pt.id = r.id`);
  return n;
}

export async function appendItem(tx: Tx, playlistId: string, trackId: string, position: number) {
  const [row] = await tx.insert(playlistTracks).values({ playlistId, audioId: trackId, position }).returning();
  return row;
}

/** Deletes an entry and closes the gap it leaves. */
export async function removeItem(tx: Tx, playlistId: string, itemId: string, position: number): Promise<void> {
  await tx.delete(playlistTracks).where(eq(playlistTracks.id, itemId));
  await tx.execute(sql`
    UPDATE playlist_tracks SET position = -position
    WHERE playlist_id = ${playlistId} AND position > ${position}`);
  await tx.execute(sql`
    UPDATE playlist_tracks SET position = -position - 1
    WHERE playlist_id = ${playlistId} AND position < 0`);
}

/** Moves an entry from one position to another; the ones in between shift by one. */
export async function moveItem(tx: Tx, playlistId: string, itemId: string, from: number, to: number) {
  const lo = Math.min(from, to);
  const hi = Math.max(from, to);
  const shift = from < to ? -1 : 1;
  await tx.execute(sql`
    UPDATE playlist_tracks SET position = -1 - position
    WHERE playlist_id = ${playlistId} AND position BETWEEN ${lo} AND ${hi}`);
  await tx.execute(sql`
    UPDATE playlist_tracks
    SET position = CASE WHEN id = ${itemId} THEN ${to}::int ELSE (-1 - position) + ${shift}::int END
    WHERE playlist_id = ${playlistId} AND position < 0`);
}

export interface SummaryRow {
  id: string;
  user_id: string;
  name: string;
  description: string | null;
  cover_key: string | null;
  is_public: boolean;
  owner_suspended: boolean;
  created_at: Date;
  updated_at: Date;
  display_name: string | null;
  avatar_url: string | null;
  track_count: number;
  total_duration: number;
  cover_track_id: string | null;
}

/**
 * Playlists with the figures of the tracks the viewer can see (count, total seconds, the first
 * track with a cover for a fallback cover). `where` is a SQL condition on `p` using $2, $3, ...
 */
async function summaries(
  database: Database,
  viewerId: string | null,
  where: string,
  params: unknown[],
  tail = 'ORDER BY p.created_at DESC',
): Promise<SummaryRow[]> {
  return database.query<SummaryRow>(
    `SELECT p.id, p.user_id, p.name, p.description, p.cover_key, p.is_public, p.created_at, p.updated_at,
            u.suspended_at IS NOT NULL AS owner_suspended, u.display_name, u.avatar_url,
            count(a.id)::int AS track_count,
            coalesce(sum(a.duration), 0)::float8 AS total_duration,
            (array_agg(a.id ORDER BY pt.position) FILTER (WHERE a.cover_key IS NOT NULL))[1]::text AS cover_track_id
     FROM playlists p
     JOIN users u ON u.id = p.user_id
     LEFT JOIN playlist_tracks pt ON pt.playlist_id = p.id
     LEFT JOIN audio_content a ON a.id = pt.audio_id
       AND ${visibleSql('a', '$1')}
     WHERE ${where}
     GROUP BY p.id, u.id
     ${tail}`,
    [viewerId, ...params],
  );
}

export const playlistSummaries = {
  ofUser: (database: Database, viewerId: string | null, userId: string, publicOnly: boolean) =>
    summaries(database, viewerId, `p.user_id = $2${publicOnly ? ' AND p.is_public' : ''}`, [userId]),
  byId: async (database: Database, viewerId: string | null, id: string) =>
    (await summaries(database, viewerId, 'p.id = $2', [id]))[0],
  /** Public playlists whose name or description matches (substring, or a similar name for typos). */
  search: (database: Database, viewerId: string | null, q: string, limit: number) =>
    summaries(
      database,
      viewerId,
      'p.is_public AND u.suspended_at IS NULL AND (p.name ILIKE $2 OR p.description ILIKE $2 OR p.name % $3)',
      [`%${escapeLike(q)}%`, q],
      `ORDER BY similarity(p.name, $3) DESC, p.updated_at DESC LIMIT ${Math.trunc(limit)}`,
    ),
};

/** Which of the user's playlists hold the track. */
export async function playlistIdsWithTrack(database: Database, userId: string, trackId: string) {
  const rows = await database.query<{ id: string }>(
    `SELECT p.id FROM playlists p JOIN playlist_tracks pt ON pt.playlist_id = p.id
     WHERE p.user_id = $1 AND pt.audio_id = $2`,
    [userId, trackId],
  );
  return new Set(rows.map((r) => r.id));
}

export async function viewerFollows(database: Database, followerId: string, followingId: string) {
  const rows = await database.query('SELECT 1 FROM follows WHERE follower_id = $1 AND following_id = $2', [
    followerId,
    followingId,
  ]);
  return rows.length > 0;
}

export function escapeLike(q: string): string {
  return q.replace(/[\\%_]/g, (c) => `\\${c}`);
}
