import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/**
 * Radio plays of a creator's tracks aired in [fromTs, toTs) (issue 38, ADR 0056): each airing counts
 * the channel's listeners when it started (`radio_airings.listeners`), the figure `/creator/radio`
 * shows. Kept apart from on-demand plays (`listen_sessions`, `play_count`).
 */
export async function radioPlaysByTrack(
  db: Db,
  creatorId: string,
  fromTs: string,
  toTs: string,
): Promise<Map<string, number>> {
  const rows = rowsOf<{ audio_id: string; plays: number }>(
    await db.execute(sql`
      SELECT ra.audio_id, sum(ra.listeners)::int AS plays
      FROM radio_airings ra JOIN audio_content a ON a.id = ra.audio_id
      WHERE a.user_id = ${creatorId} AND ra.listeners > 0
        AND ra.started_at >= ${fromTs}::timestamptz AND ra.started_at < ${toTs}::timestamptz
      GROUP BY ra.audio_id`),
  );
  return new Map(rows.map((r) => [r.audio_id, Number(r.plays)]));
}

/** One listener's radio listening of one track on one UTC day (see `radioListening`). */
export interface RadioListeningRow {
  /** The listener's account (signed-in listeners only: earnings pays for accounts' listening). */
  listenerId: string;
  audioId: string;
  creatorId: string;
  day: string;
  /** Airings of the track this listener heard for at least the play threshold (30 s, or half a short track). */
  plays: number;
  /** Of those, heard ≥ 30 s (the hybrid rule's long plays). */
  longPlays: number;
  heardSeconds: number;
}

/**
 * Per-listener radio listening for the earnings ledger (issue 37/38): the signed-in listeners'
 * connections to a channel's stream (`live_listens`, kept when a connection closes) intersected
 * with what the channel aired meanwhile (`radio_airings`; an airing lasts until the next one on
 * its channel, at most the track's length). Airings that started in [fromTs, toTs); a creator's own
 * listening and invalid traffic (`ivt_reason`, ADR 0072) excluded. Read-only: earnings folds these rows beside on-demand listening.
 */
export async function radioListening(
  db: Pick<Db, 'execute'>,
  fromTs: string,
  toTs: string,
): Promise<RadioListeningRow[]> {
  const rows = rowsOf<{
    listener_id: string;
    audio_id: string;
    creator_id: string;
    day: string;
    plays: number;
    long_plays: number;
    heard: number;
  }>(
    await db.execute(sql`
      WITH aired AS (
        SELECT ra.channel_id, ra.audio_id, ra.started_at,
          lead(ra.started_at) OVER (PARTITION BY ra.channel_id ORDER BY ra.started_at) AS next_at
        FROM radio_airings ra
        WHERE ra.started_at >= ${fromTs}::timestamptz - interval '1 day' AND ra.started_at < ${toTs}::timestamptz + interval '1 day'
      ), a AS (
        SELECT aired.channel_id, aired.audio_id, ac.user_id AS creator_id, ac.duration, aired.started_at,
          least(coalesce(aired.next_at, 'infinity'::timestamptz), aired.started_at + make_interval(secs => ac.duration)) AS ended_at
        FROM aired JOIN audio_content ac ON ac.id = aired.audio_id
        WHERE aired.started_at >= ${fromTs}::timestamptz AND aired.started_at < ${toTs}::timestamptz
      ), heard AS (
        SELECT substr(ll.listener_key, 3) AS listener_id, a.audio_id, a.creator_id, a.duration, a.started_at,
          sum(extract(epoch FROM least(a.ended_at, ll.started_at + make_interval(secs => ll.seconds))
            - greatest(a.started_at, ll.started_at))) AS secs
        FROM a
        JOIN live_streams ls ON ls.radio_channel_id = a.channel_id
        JOIN live_listens ll ON ll.stream_id = ls.id
          AND ll.started_at < a.ended_at AND ll.started_at + make_interval(secs => ll.seconds) > a.started_at
        WHERE ll.listener_key LIKE 'u:%' AND ll.listener_key <> 'u:' || a.creator_id::text AND ll.ivt_reason IS NULL
        GROUP BY 1, 2, 3, 4, 5
      )
      SELECT listener_id, audio_id, creator_id, to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
        count(*) FILTER (WHERE secs >= least(30, duration / 2))::int AS plays,
        count(*) FILTER (WHERE secs >= 30)::int AS long_plays,
        round(sum(secs))::int AS heard
      FROM heard
      GROUP BY 1, 2, 3, 4
      ORDER BY 1, 2, 4`),
  );
  return rows.map((r) => ({
    listenerId: r.listener_id,
    audioId: r.audio_id,
    creatorId: r.creator_id,
    day: r.day,
    plays: Number(r.plays),
    longPlays: Number(r.long_plays),
    heardSeconds: Number(r.heard),
  }));
}
