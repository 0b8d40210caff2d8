import { EARNINGS_HYBRID_MIN_SECONDS, PLAY_COUNT_MIN_SECONDS } from '@wavecast/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/**
 * What each listener heard of each airing (issue 38, ADR 0065, 0075): the one definition of radio
 * listening that analytics, `/api/radio/plays` and the earnings fold all read. A listener's
 * connections to a channel's stream (`live_listens`, kept when a connection closes; anonymous
 * listeners by their `a:` key, a reconnect summed into the same airing) intersected with what the
 * channel aired meanwhile (`radio_airings`; an airing lasts until the next one on its channel, at
 * most the track's length). Airings that started in [fromTs, toTs); the track creator's own
 * listening and invalid traffic (`ivt_reason`, ADR 0072) left out. `creatorId` reads only the
 * channels that aired that creator's tracks, and only those tracks' airings.
 *
 * Rows: `heard(listener_key, channel_id, audio_id, creator_id, duration, started_at, secs)`, one
 * per listener and airing; `PLAYED` says whether one is a play.
 *
 * Plan (ADR 0075): a creator's airings by `radio_airings_audio_idx` (audio_id, started_at); the
 * channels' streams by `live_streams_radio_channel_idx`; their listening read once per stream
 * (`listens`, materialised) by `live_listens_stream_end_idx` (stream_id, ended_at): connections
 * that ended after the first airing began and started before the last one ended, so the read is
 * bounded by the range, not by the 30 days of raw listening. Airings and connections are then
 * matched by channel and hour (each spread over the hours it touches; a pair is kept only in the
 * hour its overlap begins, so it meets once): a join by channel alone compared every connection
 * with every airing of its channel (8.8M pairs for one creator's week, and the earnings month
 * never finished on bench/radio-plays' 300k airings and 1.5M connections).
 */
function heardSql(fromTs: string, toTs: string, creatorId?: string): SQL {
  const channels = creatorId
    ? sql`AND ra.channel_id IN (
          SELECT DISTINCT x.channel_id FROM radio_airings x JOIN audio_content xa ON xa.id = x.audio_id
          WHERE xa.user_id = ${creatorId} AND x.started_at >= ${fromTs}::timestamptz AND x.started_at < ${toTs}::timestamptz)`
    : sql``;
  return sql`
      WITH aired AS (
        SELECT ra.channel_id, ra.audio_id, ra.started_at,
          lead(ra.started_at) OVER (PARTITION BY ra.channel_id ORDER BY ra.started_at) AS next_at
        FROM radio_airings ra
        WHERE ra.started_at >= ${fromTs}::timestamptz AND ra.started_at < ${toTs}::timestamptz + interval '1 day'
          ${channels}
      ), a AS (
        SELECT aired.channel_id, aired.audio_id, ac.user_id AS creator_id, ac.duration, aired.started_at,
          least(coalesce(aired.next_at, 'infinity'::timestamptz), aired.started_at + make_interval(secs => ac.duration)) AS ended_at
        FROM aired JOIN audio_content ac ON ac.id = aired.audio_id
        WHERE aired.started_at < ${toTs}::timestamptz ${creatorId ? sql`AND ac.user_id = ${creatorId}` : sql``}
      ), a_hours AS MATERIALIZED (
        SELECT a.*, h.hour FROM a
        CROSS JOIN LATERAL radio_hours(a.started_at, least(a.ended_at, ${toTs}::timestamptz + interval '1 day')) AS h(hour)
      ), listens AS MATERIALIZED (
        SELECT ls.radio_channel_id AS channel_id, ll.listener_key, ll.started_at, ll.ended_at, h.hour
        FROM live_streams ls
        JOIN live_listens ll ON ll.stream_id = ls.id
        CROSS JOIN LATERAL radio_hours(greatest(ll.started_at, (SELECT min(started_at) FROM a)),
          least(ll.ended_at, (SELECT max(ended_at) FROM a))) AS h(hour)
        WHERE ls.radio_channel_id IN (SELECT channel_id FROM a)
          AND ll.ended_at > (SELECT min(started_at) FROM a)
          AND ll.started_at < (SELECT max(ended_at) FROM a)
          AND ll.ivt_reason IS NULL
      ), heard AS (
        SELECT ll.listener_key, a.channel_id, a.audio_id, a.creator_id, a.duration, a.started_at,
          sum(extract(epoch FROM least(a.ended_at, ll.ended_at) - greatest(a.started_at, ll.started_at))) AS secs
        FROM a_hours a
        JOIN listens ll ON ll.channel_id = a.channel_id AND ll.hour = a.hour
          AND ll.started_at < a.ended_at AND ll.ended_at > a.started_at
          -- a pair meets once: in the hour its overlap begins
          AND date_trunc('hour', greatest(a.started_at, ll.started_at)) = a.hour
        WHERE ll.listener_key <> 'u:' || a.creator_id::text
        GROUP BY 1, 2, 3, 4, 5, 6
      )`;
}

/** A listener's airing is a play once they heard the play threshold (30 s, or half a short track). */
const PLAYED = sql.raw(`secs >= least(${PLAY_COUNT_MIN_SECONDS}, duration / 2)`);
/** …and a long play (the earnings' hybrid rule) at 30 s. */
const LONG_PLAYED = sql.raw(`secs >= ${EARNINGS_HYBRID_MIN_SECONDS}`);

/**
 * Radio plays of a creator's tracks aired in [fromTs, toTs): one per listener and airing heard for
 * the play threshold (`heardSql`), the figure analytics and `/creator/radio` show. Kept apart from
 * on-demand plays (`listen_sessions`, `play_count`).
 */
export async function radioPlaysByTrack(
  db: Pick<Db, 'execute'>,
  creatorId: string,
  fromTs: string,
  toTs: string,
): Promise<Map<string, number>> {
  const rows = rowsOf<{ audio_id: string; plays: number }>(await db.execute(radioPlaysSql(creatorId, fromTs, toTs)));
  return new Map(rows.map((r) => [r.audio_id, Number(r.plays)]));
}

/** `radioPlaysByTrack`'s statement (exported for bench/radio-plays' EXPLAIN). */
export const radioPlaysSql = (creatorId: string, fromTs: string, toTs: string): SQL =>
  sql`${heardSql(fromTs, toTs, creatorId)}
      SELECT audio_id, count(*)::int AS plays FROM heard WHERE ${PLAYED} GROUP BY audio_id`;

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

/** `radioListening`'s statement (exported for bench/radio-plays' EXPLAIN). */
export const radioListeningSql = (fromTs: string, toTs: string): SQL =>
  sql`${heardSql(fromTs, toTs)}
    SELECT substr(listener_key, 3) AS listener_id, audio_id, creator_id,
      to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
      count(*) FILTER (WHERE ${PLAYED})::int AS plays,
      count(*) FILTER (WHERE ${LONG_PLAYED})::int AS long_plays,
      round(sum(secs))::int AS heard
    FROM heard
    WHERE listener_key LIKE 'u:%'
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 4`;

/**
 * Per-listener radio listening for the earnings ledger (issue 37/38): `heardSql`'s rows of
 * signed-in listeners (earnings pays for accounts' listening) for airings that started in
 * [fromTs, toTs), per listener, track and UTC day. Read-only: earnings folds these rows beside
 * on-demand listening.
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
  }>(await db.execute(radioListeningSql(fromTs, toTs)));
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
