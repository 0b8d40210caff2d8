import { and, desc, eq, inArray } from 'drizzle-orm';
import { visibleSql, visibleWhere } from '../../access/tracks';
import type { Database, Db } from '../../db/client';
import { audioContent, likes, users } from '../../db/schema';

/** SQL: the track `a` is visible to the user $1. */
const VISIBLE = visibleSql('a', '$1');
const creatorColumns = { id: users.id, displayName: users.displayName, avatarUrl: users.avatarUrl };

/** The dashboard's four figures. Seconds listened come from counted listen events. */
export async function stats(database: Database, userId: string, recentDays: number) {
  const [row] = await database.query<{ liked: number; playlists: number; seconds: number; recent: number }>(
    `SELECT
       (SELECT count(*)::int FROM likes l JOIN audio_content a ON a.id = l.audio_id
          WHERE l.user_id = $1 AND ${VISIBLE}) AS liked,
       (SELECT count(*)::int FROM playlists p WHERE p.user_id = $1) AS playlists,
       (SELECT coalesce(sum(e.seconds_listened), 0)::float8 FROM listen_events e WHERE e.user_id = $1) AS seconds,
       (SELECT count(DISTINCT r.audio_id)::int FROM (
          SELECT audio_id FROM listen_events WHERE user_id = $1 AND created_at >= now() - make_interval(days => $2)
          UNION
          SELECT audio_id FROM playback_positions WHERE user_id = $1 AND updated_at >= now() - make_interval(days => $2)
        ) r JOIN audio_content a ON a.id = r.audio_id WHERE ${VISIBLE}) AS recent`,
    [userId, recentDays],
  );
  return row;
}

export interface ActivityRow {
  type: 'like' | 'comment' | 'follow';
  at: Date;
  track_id: string | null;
  track_title: string | null;
  content: string | null;
  user_id: string | null;
  user_name: string | null;
  user_avatar: string | null;
  user_role: string | null;
}

/** What the user did lately (likes, comments, follows), newest first. */
export async function activity(database: Database, userId: string, limit: number) {
  return database.query<ActivityRow>(
    `SELECT * FROM (
       (SELECT 'like' AS type, l.created_at AS at, a.id::text AS track_id, a.title AS track_title, NULL AS content,
               NULL AS user_id, NULL AS user_name, NULL AS user_avatar, NULL AS user_role
        FROM likes l JOIN audio_content a ON a.id = l.audio_id
        WHERE l.user_id = $1 AND ${VISIBLE} ORDER BY l.created_at DESC LIMIT $2)
       UNION ALL
       (SELECT 'comment', c.created_at, a.id::text, a.title, c.content, NULL, NULL, NULL, NULL
        FROM comments c JOIN audio_content a ON a.id = c.audio_id
        WHERE c.user_id = $1 AND ${VISIBLE} ORDER BY c.created_at DESC LIMIT $2)
       UNION ALL
       (SELECT 'follow', f.created_at, NULL, NULL, NULL, u.id, u.display_name, u.avatar_url, u.user_role
        FROM follows f JOIN users u ON u.id = f.following_id
        WHERE f.follower_id = $1 ORDER BY f.created_at DESC LIMIT $2)
     ) x ORDER BY at DESC LIMIT $2`,
    [userId, limit],
  );
}

export async function following(database: Database, userId: string, limit: number) {
  return database.query<{
    id: string;
    display_name: string | null;
    avatar_url: string | null;
    user_role: string;
    followed_at: Date;
  }>(
    `SELECT u.id, u.display_name, u.avatar_url, u.user_role, f.created_at AS followed_at
     FROM follows f JOIN users u ON u.id = f.following_id
     WHERE f.follower_id = $1 ORDER BY f.created_at DESC LIMIT $2`,
    [userId, limit],
  );
}

/** The latest liked tracks the user can still see. */
export async function likedTracks(db: Db, userId: string, limit: number) {
  return db
    .select({ track: audioContent, creator: creatorColumns })
    .from(likes)
    .innerJoin(audioContent, eq(audioContent.id, likes.audioId))
    .leftJoin(users, eq(users.id, audioContent.userId))
    .where(and(eq(likes.userId, userId), visibleWhere(userId)))
    .orderBy(desc(likes.createdAt))
    .limit(limit);
}

/** Tracks played lately (counted plays and saved positions), each once, newest first. */
export async function recentlyPlayed(database: Database, db: Db, userId: string, limit: number) {
  const ids = await database.query<{ audio_id: string; played_at: Date }>(
    `SELECT r.audio_id, max(r.t) AS played_at FROM (
       (SELECT audio_id, created_at AS t FROM listen_events WHERE user_id = $1 ORDER BY created_at DESC LIMIT 500)
       UNION ALL
       (SELECT audio_id, updated_at AS t FROM playback_positions WHERE user_id = $1 ORDER BY updated_at DESC LIMIT 100)
     ) r JOIN audio_content a ON a.id = r.audio_id
     WHERE ${VISIBLE}
     GROUP BY r.audio_id ORDER BY played_at DESC LIMIT $2`,
    [userId, limit],
  );
  if (ids.length === 0) return [];
  const rows = await db
    .select({ track: audioContent, creator: creatorColumns })
    .from(audioContent)
    .leftJoin(users, eq(users.id, audioContent.userId))
    .where(
      inArray(
        audioContent.id,
        ids.map((r) => r.audio_id),
      ),
    );
  const byId = new Map(rows.map((r) => [r.track.id, r]));
  return ids.flatMap((r) => {
    const row = byId.get(r.audio_id);
    return row ? [{ ...row, playedAt: new Date(r.played_at) }] : [];
  });
}
