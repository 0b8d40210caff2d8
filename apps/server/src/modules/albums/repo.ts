import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { discoverableSql, ownerSuspendedOf, visibleWhere } from '../../access/tracks';
import type { Database, Db } from '../../db/client';
import { albums, albumTracks, audioContent, users } from '../../db/schema';

export type AlbumRow = typeof albums.$inferSelect;

/** An album with its creator and whether that account is suspended. */
export async function findAlbum(db: Db, id: string) {
  const [row] = await db
    .select({
      album: albums,
      creator: { id: users.id, displayName: users.displayName, avatarUrl: users.avatarUrl },
      ownerSuspended: ownerSuspendedOf(albums.userId),
    })
    .from(albums)
    .leftJoin(users, eq(users.id, albums.userId))
    .where(eq(albums.id, id));
  return row;
}

/** The album's tracks the viewer may see, in album order. */
export async function albumTrackRows(db: Db, albumId: string, viewerId: string | null) {
  return db
    .select({
      track: audioContent,
      creator: { id: users.id, displayName: users.displayName, avatarUrl: users.avatarUrl },
    })
    .from(albumTracks)
    .innerJoin(audioContent, eq(audioContent.id, albumTracks.audioId))
    .leftJoin(users, eq(users.id, audioContent.userId))
    .where(and(eq(albumTracks.albumId, albumId), visibleWhere(viewerId)))
    .orderBy(asc(albumTracks.position));
}

export interface AlbumSummaryRow {
  id: string;
  user_id: string;
  title: string;
  kind: 'album' | 'ep';
  release_date: string;
  cover_key: string | null;
  updated_at: Date;
  display_name: string | null;
  avatar_url: string | null;
  track_count: number;
}

/**
 * Album summaries with the count of tracks everyone may see. `owner`: the creator's own view
 * (unreleased albums too); otherwise released albums of an active creator with a visible track.
 */
export async function albumSummaries(
  database: Database,
  where: { userId: string } | { ids: string[] },
  opts: { today: string; owner: boolean; limit: number },
): Promise<AlbumSummaryRow[]> {
  const byUser = 'userId' in where;
  // $2 appears in both forms (PostgreSQL must see every parameter to type it).
  const visible = opts.owner
    ? '$2::date IS NOT NULL'
    : `al.release_date <= $2::date AND NOT EXISTS (SELECT 1 FROM users su WHERE su.id = al.user_id AND su.suspended_at IS NOT NULL)`;
  const rows = await database.query<AlbumSummaryRow>(
    `SELECT * FROM (
       SELECT al.id, al.user_id, al.title, al.kind, al.release_date::text AS release_date, al.cover_key, al.updated_at,
              u.display_name, u.avatar_url,
              (SELECT count(*)::int FROM album_tracks t JOIN audio_content a ON a.id = t.audio_id
                WHERE t.album_id = al.id AND ${opts.owner ? 'TRUE' : discoverableSql('a')}) AS track_count
         FROM albums al JOIN users u ON u.id = al.user_id
        WHERE ${byUser ? 'al.user_id = $1' : 'al.id::text = ANY($1::text[])'} AND ${visible}) s
      WHERE $4::boolean OR s.track_count > 0
      ORDER BY s.release_date DESC, s.id
      LIMIT $3`,
    [byUser ? where.userId : where.ids, opts.today, opts.limit, opts.owner],
  );
  return rows;
}

/** The given tracks' owners and current albums (for checking a new order). */
export async function trackOwners(db: Db, ids: string[]) {
  return db
    .select({ id: audioContent.id, userId: audioContent.userId, albumId: albumTracks.albumId })
    .from(audioContent)
    .leftJoin(albumTracks, eq(albumTracks.audioId, audioContent.id))
    .where(inArray(audioContent.id, ids));
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function insertAlbum(tx: Tx, values: typeof albums.$inferInsert): Promise<AlbumRow> {
  const [row] = await tx.insert(albums).values(values).returning();
  if (!row) throw new Error('album insert returned nothing');
  return row;
}

export async function replaceAlbumTracks(tx: Tx, albumId: string, trackIds: string[]) {
  await tx.delete(albumTracks).where(eq(albumTracks.albumId, albumId));
  if (trackIds.length)
    await tx.insert(albumTracks).values(trackIds.map((audioId, position) => ({ albumId, audioId, position })));
}

export async function updateAlbum(db: Db | Tx, id: string, values: Partial<typeof albums.$inferInsert>) {
  await db
    .update(albums)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(albums.id, id));
}

export async function deleteAlbum(db: Db, id: string) {
  await db.delete(albums).where(eq(albums.id, id));
}

/** The album a track is in, if any (its page links to it). */
export async function albumOfTrack(db: Db, trackId: string) {
  const [row] = await db
    .select({ albumId: albumTracks.albumId })
    .from(albumTracks)
    .where(eq(albumTracks.audioId, trackId));
  return row?.albumId;
}
