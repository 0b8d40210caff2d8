import type { NotificationType } from '@wavecast/shared';
import { discoverableSql, visibleSql } from '../../access/tracks';
import type { Database } from '../../db/client';
import type { NotificationPrefs, PrivacyPrefs } from '../../db/schema';
import { prefOn } from './prefs';

export interface NotificationRow {
  id: string;
  user_id: string;
  type: NotificationType;
  actor_id: string | null;
  title: string;
  link: string | null;
  read: boolean;
  created_at: Date;
  /** Exact timestamp text for keyset paging (JS dates lose the microseconds). */
  cursor_ts: string;
  actor_display_name: string | null;
  actor_avatar_url: string | null;
  /** For whether the recipient may see the actor's profile (users/policy.ts). */
  actor_privacy: Partial<PrivacyPrefs> | null;
  recipient_follows_actor: boolean;
}

export interface NewNotification {
  type: NotificationType;
  actorId: string | null;
  title: string;
  link: string | null;
  dedupeKey: string;
  read?: boolean;
}

const COLUMNS = `n.id, n.user_id, n.type, n.actor_id, n.title, n.link, n.read, n.created_at, n.created_at::text AS cursor_ts,
  a.display_name AS actor_display_name, a.avatar_url AS actor_avatar_url, a.privacy_prefs AS actor_privacy,
  EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = n.user_id AND f.following_id = n.actor_id) AS recipient_follows_actor`;

/**
 * Leaves out a notification about a track its recipient ($1) can no longer see (removed, made
 * private, its owner suspended): access/tracks' rule. A deleted track's notifications stay.
 */
const TRACK_OF_LINK = `substring(n.link from '^/audio/([0-9a-fA-F-]{36})')`;
const ABOUT_VISIBLE = `NOT EXISTS (SELECT 1 FROM audio_content na WHERE na.id::text = ${TRACK_OF_LINK}
  AND NOT ${visibleSql('na', '$1')})`;

/** Adds the actor's name and avatar to freshly inserted rows. */
async function withActors(database: Database, ids: string[]): Promise<NotificationRow[]> {
  if (ids.length === 0) return [];
  return database.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM notifications n LEFT JOIN users a ON a.id = n.actor_id WHERE n.id = ANY($1::uuid[])`,
    [ids],
  );
}

/**
 * Creates one notification for one user unless that user already has one with the same key
 * (the bus hands each event to every server process). Returns the row only when this call made it.
 */
export async function insertForUser(database: Database, userId: string, n: NewNotification) {
  const rows = await database.query<{ id: string }>(
    `INSERT INTO notifications (user_id, type, actor_id, title, link, dedupe_key, read)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id, dedupe_key) DO NOTHING RETURNING id`,
    [userId, n.type, n.actorId, n.title, n.link, n.dedupeKey, n.read ?? false],
  );
  return withActors(
    database,
    rows.map((r) => r.id),
  );
}

/**
 * One notification per user and key that later events rewrite (grouped likes): it moves to the top
 * and is unread again, unless the same actor is behind it once more. Returns the row when it changed.
 */
export async function upsertGrouped(database: Database, userId: string, n: NewNotification) {
  const rows = await database.query<{ id: string }>(
    `INSERT INTO notifications (user_id, type, actor_id, title, link, dedupe_key)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id, dedupe_key) DO UPDATE
       SET actor_id = EXCLUDED.actor_id, title = EXCLUDED.title, read = false, created_at = now()
       WHERE notifications.actor_id IS DISTINCT FROM EXCLUDED.actor_id
     RETURNING id`,
    [userId, n.type, n.actorId, n.title, n.link, n.dedupeKey],
  );
  return withActors(
    database,
    rows.map((r) => r.id),
  );
}

/** The same notification for every follower of `creatorId` who has `pref` on (or for all, without one). */
export async function insertForFollowers(
  database: Database,
  creatorId: string,
  n: NewNotification,
  pref?: keyof NotificationPrefs,
) {
  const rows = await database.query<{ id: string }>(
    `INSERT INTO notifications (user_id, type, actor_id, title, link, dedupe_key)
     SELECT f.follower_id, $2, $3, $4, $5, $6
     FROM follows f JOIN users u ON u.id = f.follower_id
     WHERE f.following_id = $1 AND f.follower_id <> $1 ${pref ? `AND ${prefOn(pref)}` : ''}
     ON CONFLICT (user_id, dedupe_key) DO NOTHING RETURNING id`,
    [creatorId, n.type, n.actorId, n.title, n.link, n.dedupeKey],
  );
  return withActors(
    database,
    rows.map((r) => r.id),
  );
}

export interface Recipient {
  id: string;
  email: string;
  notification_prefs: Partial<NotificationPrefs> | null;
}

export async function recipients(database: Database, ids: string[]): Promise<Recipient[]> {
  if (ids.length === 0) return [];
  return database.query<Recipient>('SELECT id, email, notification_prefs FROM users WHERE id = ANY($1::text[])', [
    [...new Set(ids)],
  ]);
}

export async function findUser(database: Database, id: string) {
  const [row] = await database.query<{
    id: string;
    email: string;
    display_name: string | null;
    user_role: string;
    notification_prefs: Partial<NotificationPrefs> | null;
  }>('SELECT id, email, display_name, user_role, notification_prefs FROM users WHERE id = $1', [id]);
  return row;
}

export async function followExists(database: Database, followerId: string, followingId: string) {
  const rows = await database.query('SELECT 1 FROM follows WHERE follower_id = $1 AND following_id = $2', [
    followerId,
    followingId,
  ]);
  return rows.length > 0;
}

/** A comment with its track and the names involved. */
export async function findComment(database: Database, commentId: string) {
  const [row] = await database.query<{
    id: string;
    author_id: string | null;
    author_name: string | null;
    track_id: string;
    track_title: string;
    owner_id: string;
  }>(
    `SELECT c.id, c.user_id AS author_id, au.display_name AS author_name,
            a.id AS track_id, a.title AS track_title, a.user_id AS owner_id
     FROM comments c JOIN audio_content a ON a.id = c.audio_id LEFT JOIN users au ON au.id = c.user_id
     WHERE c.id = $1`,
    [commentId],
  );
  return row;
}

/** A like that still stands, with its track, owner, the liker's name and how many like the track (owner aside). */
export async function findLike(database: Database, trackId: string, likerId: string) {
  const [row] = await database.query<{
    owner_id: string;
    track_title: string;
    liker_name: string | null;
    likers: number;
  }>(
    `SELECT a.user_id AS owner_id, a.title AS track_title, u.display_name AS liker_name,
            (SELECT count(*)::int FROM likes o WHERE o.audio_id = a.id AND o.user_id <> a.user_id) AS likers
     FROM likes l JOIN audio_content a ON a.id = l.audio_id JOIN users u ON u.id = l.user_id
     WHERE l.audio_id = $1 AND l.user_id = $2`,
    [trackId, likerId],
  );
  return row;
}

export async function findRepost(database: Database, trackId: string, reposterId: string) {
  const [row] = await database.query<{
    owner_id: string;
    track_title: string;
    reposter_name: string | null;
    reposters: number;
  }>(
    `SELECT a.user_id AS owner_id, a.title AS track_title, u.display_name AS reposter_name,
            (SELECT count(*)::int FROM reposts o WHERE o.audio_id = a.id AND o.user_id <> a.user_id) AS reposters
     FROM reposts r JOIN audio_content a ON a.id = r.audio_id JOIN users u ON u.id = r.user_id
     WHERE r.audio_id = $1 AND r.user_id = $2`,
    [trackId, reposterId],
  );
  return row;
}

export async function findTrack(database: Database, trackId: string) {
  const [row] = await database.query<{
    id: string;
    title: string;
    user_id: string;
    creator_name: string | null;
  }>(
    `SELECT a.id, a.title, a.user_id, u.display_name AS creator_name
     FROM audio_content a JOIN users u ON u.id = a.user_id WHERE a.id = $1`,
    [trackId],
  );
  return row;
}

export async function findStream(database: Database, streamId: string) {
  const [row] = await database.query<{
    id: string;
    title: string;
    user_id: string;
    is_active: boolean;
    creator_name: string | null;
  }>(
    `SELECT s.id, s.title, s.user_id, s.is_active, u.display_name AS creator_name
     FROM live_streams s JOIN users u ON u.id = s.user_id WHERE s.id = $1`,
    [streamId],
  );
  return row;
}

export async function findNotification(database: Database, id: string) {
  return (await withActors(database, [id]))[0];
}

/** Newest first; `cursor` is the (created_at text, id) of the last row of the previous page. */
export async function listForUser(
  database: Database,
  userId: string,
  limit: number,
  cursor?: { ts: string; id: string },
) {
  return database.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM notifications n LEFT JOIN users a ON a.id = n.actor_id
     WHERE n.user_id = $1 AND ${ABOUT_VISIBLE} ${cursor ? 'AND (n.created_at, n.id) < ($3::timestamptz, $4::uuid)' : ''}
     ORDER BY n.created_at DESC, n.id DESC LIMIT $2`,
    cursor ? [userId, limit, cursor.ts, cursor.id] : [userId, limit],
  );
}

export async function unreadCount(database: Database, userId: string): Promise<number> {
  const [row] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM notifications n WHERE n.user_id = $1 AND NOT n.read AND ${ABOUT_VISIBLE}`,
    [userId],
  );
  return row.n;
}

export async function markRead(database: Database, userId: string, id: string): Promise<boolean> {
  const rows = await database.query(
    'UPDATE notifications SET read = true WHERE id = $1 AND user_id = $2 RETURNING id',
    [id, userId],
  );
  return rows.length > 0;
}

export async function markAllRead(database: Database, userId: string): Promise<void> {
  await database.query('UPDATE notifications SET read = true WHERE user_id = $1 AND NOT read', [userId]);
}

export interface DigestFigures {
  id: string;
  email: string;
  display_name: string | null;
  new_followers: number;
  new_comments: number;
  unread: number;
  new_track_count: number;
  new_tracks: { id: string; title: string; creator: string | null }[];
}

/** The week's figures for a batch of users who want the digest, after `afterId` (keyset by id). */
export async function digestFigures(
  database: Database,
  afterId: string,
  since: Date,
  limits: { batch: number; tracksListed: number },
): Promise<DigestFigures[]> {
  return database.query<DigestFigures>(
    `WITH batch AS (
       SELECT u.id, u.email, u.display_name FROM users u
       WHERE ${prefOn('weeklyDigest')} AND u.id > $1 ORDER BY u.id LIMIT $3
     )
     SELECT b.id, b.email, b.display_name,
       (SELECT count(*)::int FROM follows f WHERE f.following_id = b.id AND f.created_at >= $2) AS new_followers,
       (SELECT count(*)::int FROM comments c JOIN audio_content a ON a.id = c.audio_id
          WHERE a.user_id = b.id AND c.user_id IS DISTINCT FROM b.id AND c.created_at >= $2) AS new_comments,
       (SELECT count(*)::int FROM notifications n WHERE n.user_id = b.id AND NOT n.read) AS unread,
       (SELECT count(*)::int FROM audio_content a JOIN follows f ON f.following_id = a.user_id AND f.follower_id = b.id
          WHERE ${discoverableSql('a')} AND a.created_at >= $2) AS new_track_count,
       (SELECT coalesce(json_agg(t), '[]'::json) FROM (
          SELECT a.id, a.title, cu.display_name AS creator FROM audio_content a
          JOIN follows f ON f.following_id = a.user_id AND f.follower_id = b.id
          JOIN users cu ON cu.id = a.user_id
          WHERE ${discoverableSql('a')} AND a.created_at >= $2
          ORDER BY a.created_at DESC LIMIT $4) t) AS new_tracks
     FROM batch b ORDER BY b.id`,
    [afterId, since.toISOString(), limits.batch, limits.tracksListed],
  );
}

/**
 * A billing notice (type 'billing') and its mail job, in one statement: both or neither, and
 * neither when the user already has the notice's key (a redelivered event). The row when new.
 */
export async function insertBillingNotice(
  database: Database,
  userId: string,
  n: { title: string; link: string; dedupeKey: string; mailText: string; mailJob: string },
) {
  const rows = await database.query<{ id: string }>(
    `WITH n AS (
       INSERT INTO notifications (user_id, type, actor_id, title, link, dedupe_key)
       VALUES ($1, 'billing', NULL, $2, $3, $4)
       ON CONFLICT (user_id, dedupe_key) DO NOTHING RETURNING id, user_id
     ), mail AS (
       INSERT INTO jobs (type, payload, max_attempts)
       SELECT $5, jsonb_build_object('to', u.email, 'subject', $2::text, 'text', $6::text), 5
       FROM n JOIN users u ON u.id = n.user_id RETURNING id
     )
     SELECT n.id FROM n`,
    [userId, n.title, n.link, n.dedupeKey, n.mailJob, n.mailText],
  );
  return withActors(
    database,
    rows.map((r) => r.id),
  );
}
