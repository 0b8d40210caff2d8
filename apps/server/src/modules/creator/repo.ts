import { PLAY_MILESTONES } from '@wavecast/shared';
import type { Database } from '../../db/client';

export interface CreatorStatsRow {
  total_plays: number;
  audio_content: number;
  followers: number;
  live_streams: number;
  active_live_streams: number;
}

/** The dashboard's four figures in one round trip. */
export async function creatorStats(database: Database, userId: string): Promise<CreatorStatsRow> {
  const [row] = await database.query<Record<keyof CreatorStatsRow, string | number>>(
    `SELECT
       (SELECT COALESCE(SUM(play_count), 0) FROM audio_content WHERE user_id = $1) AS total_plays,
       (SELECT COUNT(*) FROM audio_content WHERE user_id = $1) AS audio_content,
       (SELECT COUNT(*) FROM follows WHERE following_id = $1) AS followers,
       (SELECT COUNT(*) FROM live_streams WHERE user_id = $1) AS live_streams,
       (SELECT COUNT(*) FROM live_streams WHERE user_id = $1 AND is_active) AS active_live_streams`,
    [userId],
  );
  return {
    total_plays: Number(row.total_plays),
    audio_content: Number(row.audio_content),
    followers: Number(row.followers),
    live_streams: Number(row.live_streams),
    active_live_streams: Number(row.active_live_streams),
  };
}

export interface FollowEventRow {
  id: string;
  at: Date;
  user_id: string;
  display_name: string | null;
  avatar_url: string | null;
}

export async function recentFollowers(database: Database, userId: string, limit: number) {
  return database.query<FollowEventRow>(
    `SELECT f.id, f.created_at AS at, u.id AS user_id, u.display_name, u.avatar_url
     FROM follows f JOIN users u ON u.id = f.follower_id
     WHERE f.following_id = $1 ORDER BY f.created_at DESC LIMIT $2`,
    [userId, limit],
  );
}

export interface CommentEventRow {
  id: string;
  at: Date;
  content: string;
  user_id: string | null;
  display_name: string | null;
  avatar_url: string | null;
  track_id: string;
  track_title: string;
}

/** Comments others wrote on my tracks. */
export async function recentComments(database: Database, userId: string, limit: number) {
  return database.query<CommentEventRow>(
    `SELECT c.id, c.created_at AS at, c.content, u.id AS user_id, u.display_name, u.avatar_url,
            a.id AS track_id, a.title AS track_title
     FROM comments c
     JOIN audio_content a ON a.id = c.audio_id
     LEFT JOIN users u ON u.id = c.user_id
     WHERE a.user_id = $1 AND (c.user_id IS NULL OR c.user_id <> $1)
     ORDER BY c.created_at DESC LIMIT $2`,
    [userId, limit],
  );
}

export interface MilestoneEventRow {
  track_id: string;
  track_title: string;
  plays: number;
  at: Date;
}

/** The moment each of my tracks reached 1, 10, 50, 100… counted plays (from listen events). */
export async function recentMilestones(database: Database, userId: string, limit: number) {
  const rows = await database.query<MilestoneEventRow>(
    `SELECT track_id, track_title, n AS plays, at FROM (
       SELECT a.id AS track_id, a.title AS track_title, le.created_at AS at,
              row_number() OVER (PARTITION BY le.audio_id ORDER BY le.created_at, le.id) AS n
       FROM listen_events le JOIN audio_content a ON a.id = le.audio_id
       WHERE a.user_id = $1
     ) counted
     WHERE n = ANY($2::int[])
     ORDER BY at DESC LIMIT $3`,
    [userId, [...PLAY_MILESTONES], limit],
  );
  return rows.map((r) => ({ ...r, plays: Number(r.plays) }));
}
