import type { Database } from '../../db/client';
import { likeEscape, type RawRow, TRACK_SELECT } from './rows';
import { DISCOVERABLE, fuzzyAllowed, MIN_FUZZY_LENGTH, TSQUERY } from './sql';

// Discovery reads. Every track query is limited to `is_public AND status = 'ready'` (the partial
// indexes of migration 0002 cover exactly that), and every query is bounded by a LIMIT.

export type TrackSort = 'recent' | 'popular';
export interface TrackListFilter {
  /** A tsquery (text) from `exploreTsquery`. */
  tsquery?: string;
  /** Exact upload categories; undefined = any. */
  categories?: string[];
  liveRecordingsOnly?: boolean;
  userId?: string;
  sort: TrackSort;
  /** Keyset position: the last row of the previous page. */
  after?: { key: string; id: string };
  limit: number;
}

/**
 * The tsquery that Explore filters by: the query as typed, or, when that matches nothing
 * discoverable, the typo-corrected query (see `wc_fuzzy_tsquery` in migration 0002). Text, so the listing below is
 * planned with the real query (and its selectivity) rather than an opaque parameter. Null when
 * neither has any word to search for.
 */
export async function exploreTsquery(database: Database, q: string): Promise<string | null> {
  const [row] = await database.query<{ q: string | null }>(
    `SELECT CASE
       WHEN EXISTS (SELECT 1 FROM audio_content a WHERE a.search_vector @@ ${TSQUERY('$1')} AND ${DISCOVERABLE})
         THEN ${TSQUERY('$1')}::text
       WHEN $2::boolean THEN wc_fuzzy_tsquery($1)::text
     END AS q`,
    [q, fuzzyAllowed(q)],
  );
  return row?.q || null;
}

/**
 * A keyset page of discoverable tracks, newest or most played first, optionally filtered by
 * category, creator, and a search (a tsquery from `exploreTsquery`).
 * Ties are broken by id, so pages never repeat or skip a row.
 */
export async function listTracks(database: Database, f: TrackListFilter): Promise<RawRow[]> {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = [DISCOVERABLE];
  if (f.categories?.length === 1) where.push(`a.category = ${p(f.categories[0])}`);
  else if (f.categories) where.push(`a.category = ANY(${p(f.categories)}::text[])`);
  if (f.liveRecordingsOnly) where.push('a.live_stream_id IS NOT NULL');
  if (f.userId) where.push(`a.user_id = ${p(f.userId)}`);
  if (f.tsquery) where.push(`a.search_vector @@ ${p(f.tsquery)}::tsquery`);
  const [key, keyType] = f.sort === 'popular' ? ['a.play_count', 'int'] : ['a.created_at', 'timestamptz'];
  if (f.after) where.push(`(${key}, a.id) < (${p(f.after.key)}::${keyType}, ${p(f.after.id)}::uuid)`);
  // The key as text at full precision (timestamps in microseconds), so the cursor is exact.
  const keyText =
    f.sort === 'popular'
      ? 'a.play_count::text'
      : `to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  return database.query(
    `SELECT ${TRACK_SELECT}, ${keyText} AS "sortKey"
     FROM audio_content a LEFT JOIN users u ON u.id = a.user_id
     WHERE ${where.join(' AND ')}
     ORDER BY ${key} DESC, a.id DESC
     LIMIT ${p(f.limit)}`,
    params,
  );
}

/** Tracks by plays counted in the last 7 days (listen events), most played first. */
export async function popularThisWeek(database: Database, limit: number): Promise<RawRow[]> {
  return database.query(
    `SELECT ${TRACK_SELECT}
     FROM (
       SELECT audio_id, count(*) AS plays FROM listen_events
       WHERE created_at > now() - interval '7 days'
       GROUP BY audio_id
     ) w
     JOIN audio_content a ON a.id = w.audio_id
     LEFT JOIN users u ON u.id = a.user_id
     WHERE ${DISCOVERABLE}
     ORDER BY w.plays DESC, a.play_count DESC, a.id
     LIMIT $1`,
    [limit],
  );
}

const LIVE_SELECT = `s.id, s.title, s.description, s.thumbnail_url, s.category, s.tags, s.viewer_count,
  s.created_at, s.user_id, u.display_name AS creator_name, u.avatar_url AS creator_avatar`;

export interface LiveRow {
  id: string;
  title: string;
  description: string | null;
  thumbnail_url: string | null;
  category: string;
  tags: string[] | null;
  viewer_count: number;
  created_at: Date | string;
  user_id: string;
  creator_name: string | null;
  creator_avatar: string | null;
}

/** Active live streams, most viewers first; optionally by live categories and a search text. */
export async function listLive(
  database: Database,
  f: { categories?: string[]; q?: string; limit: number },
): Promise<LiveRow[]> {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = ['s.is_active'];
  if (f.categories) where.push(`s.category = ANY(${p(f.categories)}::text[])`);
  if (f.q) {
    const like = p(`%${likeEscape(f.q)}%`);
    const fuzzy = f.q.length >= MIN_FUZZY_LENGTH ? ` OR wc_unaccent(${p(f.q)}) <% wc_unaccent(s.title)` : '';
    where.push(`(s.title ILIKE ${like} OR s.description ILIKE ${like}${fuzzy})`);
  }
  return database.query<LiveRow>(
    `SELECT ${LIVE_SELECT} FROM live_streams s LEFT JOIN users u ON u.id = s.user_id
     WHERE ${where.join(' AND ')}
     ORDER BY s.viewer_count DESC, s.created_at DESC, s.id
     LIMIT ${p(f.limit)}`,
    params,
  );
}

export interface UserHitRow {
  id: string;
  display_name: string | null;
  avatar_url: string | null;
  user_role: string;
  bio: string | null;
  email: string | null;
  follower_count: number | string | null;
  track_count: number | string;
}

/**
 * Users by display name (substring, or trigram word similarity for typos) and by email only where
 * the user shows it. Profiles the viewer may not see are left out (private: owner only; followers:
 * their followers). Creators first, then the closest names.
 */
export async function searchUsers(
  database: Database,
  q: string,
  viewerId: string | null,
  limit: number,
): Promise<UserHitRow[]> {
  const params: unknown[] = [q, viewerId, limit];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const name = `wc_unaccent(coalesce(u.display_name, ''))`;
  const showEmail = `coalesce((u.privacy_prefs->>'showEmail')::boolean, false)`;
  const visibility = `coalesce(u.privacy_prefs->>'profileVisibility', 'public')`;
  let match: string;
  if (q.length >= MIN_FUZZY_LENGTH) {
    const like = p(`%${likeEscape(q)}%`);
    match = `(${name} ILIKE ${like} OR wc_unaccent($1) <% ${name} OR (${showEmail} AND lower(u.email::text) LIKE lower(${like})))`;
  } else {
    match = `lower(${name}) LIKE ${p(`${likeEscape(q.toLowerCase())}%`)}`;
  }
  return database.query<UserHitRow>(
    `SELECT u.id, u.display_name, u.avatar_url, u.user_role, u.bio,
            CASE WHEN ${showEmail} OR u.id = $2 THEN u.email::text END AS email,
            CASE WHEN coalesce((u.privacy_prefs->>'showFollowers')::boolean, true) OR u.id = $2
                 THEN (SELECT count(*) FROM follows f WHERE f.following_id = u.id) END AS follower_count,
            (SELECT count(*) FROM audio_content a WHERE a.user_id = u.id AND ${DISCOVERABLE}) AS track_count
     FROM users u
     WHERE ${match} AND u.suspended_at IS NULL
       AND (${visibility} = 'public' OR u.id = $2
            OR (${visibility} = 'followers'
                AND EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = $2 AND f.following_id = u.id)))
     ORDER BY (u.user_role = 'creator') DESC, word_similarity(wc_unaccent($1), ${name}) DESC, u.id
     LIMIT $3`,
    params,
  );
}

/**
 * A signed-in viewer's flags on a page of tracks, in one query by primary keys (audio_content's
 * id, likes' (user_id, audio_id)): whether they like each one, and its like count now.
 */
export interface ViewerFlagRow {
  user_id: string;
  id: string;
  like_count: number;
  liked: boolean;
}

/**
 * For each (user, track) pair: the track's current like count and whether the user likes it (by
 * primary keys). Pairs of several viewers go in one statement (see `viewer-flags.ts`).
 */
export async function viewerFlags(database: Database, userIds: string[], trackIds: string[]): Promise<ViewerFlagRow[]> {
  if (trackIds.length === 0) return [];
  return database.query<ViewerFlagRow>(
    `SELECT p.u AS user_id, a.id, a.like_count,
            EXISTS (SELECT 1 FROM likes l WHERE l.user_id = p.u AND l.audio_id = a.id) AS liked
     FROM unnest($1::text[], $2::uuid[]) AS p(u, a) JOIN audio_content a ON a.id = p.a`,
    [userIds, trackIds],
  );
}

/** Which of `trackIds` the user likes. */
export async function likedAmong(database: Database, userId: string, trackIds: string[]): Promise<Set<string>> {
  if (trackIds.length === 0) return new Set();
  const rows = await database.query<{ audio_id: string }>(
    'SELECT audio_id FROM likes WHERE user_id = $1 AND audio_id = ANY($2::uuid[])',
    [userId, trackIds],
  );
  return new Set(rows.map((r) => r.audio_id));
}
