import { and, count, eq } from 'drizzle-orm';
import { discoverableSql, visibleWhere } from '../../access/tracks';
import type { Database, Db } from '../../db/client';
import { audioContent, users } from '../../db/schema';
import { type RawRow, TRACK_SELECT } from '../discovery/rows';

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Tracks anyone can discover (public and ready). */
export async function publicTrackCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(audioContent)
    .where(and(eq(audioContent.userId, userId), visibleWhere(null)));
  return row?.n ?? 0;
}

export interface FollowingRow {
  id: string;
  display_name: string | null;
  avatar_url: string | null;
  user_role: string;
  follow_id: string;
  sort_key: string;
}

/** Whom the user follows, most recent first, keyset on (followed at, follow id). */
export async function listFollowing(
  database: Database,
  userId: string,
  after: { key: string; id: string } | undefined,
  limit: number,
): Promise<FollowingRow[]> {
  const params: unknown[] = [userId, limit];
  let keyset = '';
  if (after) {
    params.push(after.key, after.id);
    keyset = 'AND (f.created_at, f.id) < ($3::timestamptz, $4::uuid)';
  }
  return database.query<FollowingRow>(
    `SELECT u.id, u.display_name, u.avatar_url, u.user_role, f.id AS follow_id,
            to_char(f.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS sort_key
     FROM follows f JOIN users u ON u.id = f.following_id
     WHERE f.follower_id = $1 ${keyset}
     ORDER BY f.created_at DESC, f.id DESC
     LIMIT $2`,
    params,
  );
}

/**
 * A user's recent public activity: tracks they liked and comments they wrote, on tracks anyone can
 * see. (Follows are left out: whom a user follows is private.)
 */
export async function listActivity(database: Database, userId: string, limit: number): Promise<RawRow[]> {
  return database.query(
    `SELECT x.kind, x.at, x.comment, ${TRACK_SELECT}
     FROM (
       (SELECT 'like' AS kind, l.created_at AS at, l.audio_id, NULL::text AS comment
        FROM likes l WHERE l.user_id = $1 ORDER BY l.created_at DESC LIMIT $2)
       UNION ALL
       (SELECT 'comment', c.created_at, c.audio_id, c.content
        FROM comments c WHERE c.user_id = $1 ORDER BY c.created_at DESC LIMIT $2)
     ) x
     JOIN audio_content a ON a.id = x.audio_id
     LEFT JOIN users u ON u.id = a.user_id
     WHERE ${discoverableSql('a')}
     ORDER BY x.at DESC
     LIMIT $2`,
    [userId, limit],
  );
}

/**
 * Tracks the user reposted, newest repost first, keyset on (reposted at, track id). Only tracks
 * anyone can discover now: a track made private, removed or of a suspended creator drops out (a
 * deleted one takes its repost row with it).
 */
export async function listReposts(
  database: Database,
  userId: string,
  after: { key: string; id: string } | undefined,
  limit: number,
): Promise<RawRow[]> {
  const params: unknown[] = [userId, limit];
  let keyset = '';
  if (after) {
    params.push(after.key, after.id);
    keyset = 'AND (r.created_at, r.audio_id) < ($3::timestamptz, $4::uuid)';
  }
  return database.query(
    `SELECT ${TRACK_SELECT},
            to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "repostKey"
     FROM reposts r
     JOIN audio_content a ON a.id = r.audio_id
     LEFT JOIN users u ON u.id = a.user_id
     WHERE r.user_id = $1 AND ${discoverableSql('a')} ${keyset}
     ORDER BY r.created_at DESC, r.audio_id DESC
     LIMIT $2`,
    params,
  );
}
