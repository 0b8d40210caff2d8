import { eq, inArray } from 'drizzle-orm';
import { discoverableSql, ownerActiveSql } from '../../access/tracks';
import type { Database, Db } from '../../db/client';
import { audioContent, users } from '../../db/schema';

export type FeedKind = 'upload' | 'repost' | 'album';
export interface FeedRow {
  kind: FeedKind;
  item_id: string;
  at: Date;
  track_id: string | null;
  album_id: string | null;
  reposter_id: string | null;
}

/**
 * An album the viewer may see in lists: released (today or before, UTC) and its creator active,
 * with at least one track everyone may see. `al` is the album's alias.
 */
export const releasedAlbumSql = (al: string, todayParam: string) =>
  `${al}.release_date <= ${todayParam}::date AND ${ownerActiveSql(`${al}.user_id`)}
   AND EXISTS (SELECT 1 FROM album_tracks at2 JOIN audio_content a2 ON a2.id = at2.audio_id
               WHERE at2.album_id = ${al}.id AND ${discoverableSql('a2')})`;

/**
 * The following feed, newest first: uploads (outside albums, whose release is one item), reposts
 * and released albums of the people the viewer follows. Visibility is applied here, when read:
 * a track hidden, removed or of a suspended owner, a suspended reposter, vanish at once.
 */
export async function feedRows(
  database: Database,
  viewerId: string,
  opts: { today: string; limit: number; after?: { at: Date; id: string } },
): Promise<FeedRow[]> {
  return database.query<FeedRow>(
    `SELECT * FROM (
       SELECT 'upload' AS kind, a.id::text AS item_id, a.created_at AS at, a.id::text AS track_id,
              NULL::text AS album_id, NULL::text AS reposter_id
         FROM follows f JOIN audio_content a ON a.user_id = f.following_id
        WHERE f.follower_id = $1 AND ${discoverableSql('a')}
          AND NOT EXISTS (SELECT 1 FROM album_tracks t WHERE t.audio_id = a.id)
       UNION ALL
       SELECT 'repost', r.user_id || ':' || r.audio_id::text, r.created_at, r.audio_id::text, NULL, r.user_id
         FROM follows f JOIN reposts r ON r.user_id = f.following_id
         JOIN audio_content a ON a.id = r.audio_id
        WHERE f.follower_id = $1 AND a.user_id <> $1 AND ${discoverableSql('a')} AND ${ownerActiveSql('r.user_id')}
       UNION ALL
       SELECT 'album', al.id::text, greatest(al.created_at, al.release_date::timestamptz), NULL, al.id::text, NULL
         FROM follows f JOIN albums al ON al.user_id = f.following_id
        WHERE f.follower_id = $1 AND ${releasedAlbumSql('al', '$2')}
     ) items
     WHERE $3::timestamptz IS NULL OR (items.at, items.item_id) < ($3::timestamptz, $4::text)
     ORDER BY items.at DESC, items.item_id DESC
     LIMIT $5`,
    [viewerId, opts.today, opts.after?.at.toISOString() ?? null, opts.after?.id ?? '', opts.limit],
  );
}

/**
 * Tracks to play after `seedId`, best first: listened to by the seed's listeners (co-listening),
 * same creator, same category, shared tags; ties by plays. Only tracks everyone may see, never the
 * seed nor those just played.
 */
export async function relatedTrackIds(
  database: Database,
  seedId: string,
  exclude: string[],
  limit: number,
): Promise<string[]> {
  const rows = await database.query<{ id: string }>(
    `WITH seed AS (
       SELECT id, user_id, category, coalesce(tags, '{}') AS tags FROM audio_content WHERE id = $1
     ), listeners AS (
       SELECT who FROM (
         SELECT coalesce(user_id, anonymous_id) AS who, max(created_at) AS last
           FROM listen_events WHERE audio_id = $1 AND coalesce(user_id, anonymous_id) IS NOT NULL
          GROUP BY 1 ORDER BY last DESC LIMIT 500) l
     ), co AS (
       SELECT le.audio_id, count(DISTINCT coalesce(le.user_id, le.anonymous_id)) AS n
         FROM listen_events le
        WHERE coalesce(le.user_id, le.anonymous_id) IN (SELECT who FROM listeners) AND le.audio_id <> $1
        GROUP BY le.audio_id
     )
     SELECT a.id FROM audio_content a CROSS JOIN seed s LEFT JOIN co ON co.audio_id = a.id
      WHERE a.id <> s.id AND NOT (a.id::text = ANY($2::text[]))
        AND (a.user_id = s.user_id OR a.category = s.category OR a.tags && s.tags OR co.n IS NOT NULL)
        AND ${discoverableSql('a')}
      ORDER BY 2 * least(coalesce(co.n, 0), 10)
             + CASE WHEN a.user_id = s.user_id THEN 3 ELSE 0 END
             + CASE WHEN a.category = s.category THEN 2 ELSE 0 END
             + least(cardinality(ARRAY(SELECT unnest(coalesce(a.tags, '{}')) INTERSECT SELECT unnest(s.tags))), 3) DESC,
             a.play_count DESC, a.created_at DESC, a.id
      LIMIT $3`,
    [seedId, exclude, limit],
  );
  return rows.map((r) => r.id);
}

/** Tracks with their creators, for presenting; in no particular order. */
export async function tracksWithCreators(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      track: audioContent,
      creator: { id: users.id, displayName: users.displayName, avatarUrl: users.avatarUrl },
    })
    .from(audioContent)
    .leftJoin(users, eq(users.id, audioContent.userId))
    .where(inArray(audioContent.id, ids));
}

export async function userSummaries(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, displayName: users.displayName, avatarUrl: users.avatarUrl })
    .from(users)
    .where(inArray(users.id, ids));
}

export async function autoplayRelatedOf(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: users.autoplayRelated }).from(users).where(eq(users.id, userId));
  return row?.on ?? true;
}

export async function setAutoplayRelated(db: Db, userId: string, on: boolean): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({ autoplayRelated: on })
    .where(eq(users.id, userId))
    .returning({ on: users.autoplayRelated });
  return row?.on ?? on;
}
