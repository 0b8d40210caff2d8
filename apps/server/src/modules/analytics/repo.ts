import type { SourceIvtReason } from '@wavecast/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyticsDirty, analyticsPastListeners, listenBuckets, listenSessions, liveListens } from '../../db/schema';
import { HLL_P, SKETCH_MAX_LIST } from './listeners';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export interface SessionInput {
  id: string;
  audioId: string;
  listenerKey: string;
  userId: string | null;
  source: string;
  device: string;
  app: string;
  day: string;
  at: Date;
  /** Invalid traffic its first report showed (lib/traffic.ts): kept, never counted. */
  ivtReason: SourceIvtReason | null;
}

/**
 * Records a session (first report) and its heard buckets; a replay changes nothing. Returns the
 * session as stored (its `ivtReason` the first report's), or null when the id belongs to another
 * listener or track.
 */
export async function recordListen(
  db: Db,
  s: SessionInput,
  buckets: number[],
): Promise<{ counted: boolean; ivtReason: SourceIvtReason | null } | null> {
  return db.transaction(async (tx) => {
    await tx
      .insert(listenSessions)
      .values({ ...s, createdAt: s.at, counted: false })
      .onConflictDoNothing({ target: listenSessions.id });
    const [row] = await tx
      .select({
        audioId: listenSessions.audioId,
        listenerKey: listenSessions.listenerKey,
        counted: listenSessions.counted,
        ivtReason: listenSessions.ivtReason,
        day: listenSessions.day,
      })
      .from(listenSessions)
      .where(eq(listenSessions.id, s.id));
    if (!row || row.audioId !== s.audioId || row.listenerKey !== s.listenerKey) return null;
    if (buckets.length > 0) {
      await tx
        .insert(listenBuckets)
        .values(buckets.map((bucket) => ({ sessionId: s.id, bucket })))
        .onConflictDoNothing();
    }
    await markDirty(tx, row.audioId, row.day);
    return { counted: row.counted, ivtReason: row.ivtReason };
  });
}

/**
 * Seconds a listener heard since `since`: the distinct buckets (× `bucketSeconds`) of sessions begun
 * since then, counted up to `enough` (the scan stops there), and their live connections opened since
 * then. The audio ad cap ("once per 15 minutes of listening") asks it; `db` may be a transaction.
 */
export async function listenedSince(
  db: Pick<Db, 'execute'>,
  listenerKey: string,
  since: Date,
  enough: number,
  bucketSeconds: number,
): Promise<number> {
  const from = since.toISOString();
  const [r] = rowsOf<{ seconds: number }>(
    await db.execute(sql`
      SELECT (SELECT count(*)::int FROM (
                SELECT 1 FROM listen_sessions s JOIN listen_buckets b ON b.session_id = s.id
                 WHERE s.listener_key = ${listenerKey} AND s.created_at >= ${from}::timestamptz
                 LIMIT ${Math.ceil(enough / bucketSeconds)}) x) * ${bucketSeconds}
           + (SELECT coalesce(sum(seconds), 0)::int FROM live_listens
               WHERE listener_key = ${listenerKey} AND started_at >= ${from}::timestamptz) AS seconds`),
  );
  return r?.seconds ?? 0;
}

/** One live connection's listening, when it closed. */
export async function recordLiveListen(
  db: Db,
  v: { streamId: string; listenerKey: string; startedAt: Date; seconds: number; ivtReason: SourceIvtReason | null },
): Promise<void> {
  await db.insert(liveListens).values({ ...v, endedAt: new Date(v.startedAt.getTime() + v.seconds * 1000) });
}

/** Marks a session counted (its play was counted); never one kept as invalid traffic. */
export async function markCounted(db: Db, sessionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [s] = await tx
      .update(listenSessions)
      .set({ counted: true })
      .where(and(eq(listenSessions.id, sessionId), eq(listenSessions.counted, false), isNull(listenSessions.ivtReason)))
      .returning({ audioId: listenSessions.audioId, day: listenSessions.day });
    if (s) await markDirty(tx, s.audioId, s.day);
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A track-day's raw figures changed: the page re-rolls it (in the change's transaction). */
async function markDirty(tx: Tx, audioId: string, day: string): Promise<void> {
  await tx.insert(analyticsDirty).values({ audioId, day }).onConflictDoNothing();
}

/**
 * Takes (deletes and returns) the changed track-days among `trackIds` on `days`. Taken before the
 * re-roll: a change committed meanwhile marks its day again, so none is missed.
 */
export async function takeDirty(
  db: Db,
  trackIds: string[],
  days: string[],
): Promise<{ audioId: string; day: string }[]> {
  if (trackIds.length === 0) return [];
  return rowsOf<{ audioId: string; day: string }>(
    await db.execute(sql`
      DELETE FROM analytics_dirty
       WHERE day IN (${sql.join(
         days.map((d) => sql`${d}::date`),
         sql`, `,
       )}) ${onlyTracks(trackIds, 'audio_id')}
      RETURNING audio_id AS "audioId", day::text AS day`),
  );
}

/** Forgets the marks of a day the job rolls whole, and those of days before `before` (never re-rolled by the page). */
export async function clearDirtyDay(db: Db, day: string, before?: string): Promise<void> {
  await db.execute(
    sql`DELETE FROM analytics_dirty WHERE day = ${day}::date ${before ? sql`OR day < ${before}::date` : sql``}`,
  );
}

const onlyTracks = (ids: string[] | null, col: string) =>
  ids
    ? sql`AND ${sql.raw(col)} IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;

/**
 * CTEs over `s` (the day's counted sessions) giving each track's listener sketch (listeners.ts):
 * the distinct 32-bit key hashes as a list (tag 0) up to SKETCH_MAX_LIST of them, else HyperLogLog
 * registers (tag 1): index = top HLL_P bits, rank = 1 + leading zeros of the other bits.
 */
const REST = 32 - HLL_P;
const LISTENER_SKETCHES = sql.raw(`
  hs AS (SELECT DISTINCT audio_id, ('x' || left(md5(listener_key), 8))::bit(32)::int AS h FROM s),
  hn AS (SELECT audio_id, count(*) AS n FROM hs GROUP BY audio_id),
  lists AS (SELECT hs.audio_id, decode('00', 'hex') || string_agg(int4send(h), ''::bytea ORDER BY h) AS sk
            FROM hs JOIN hn ON hn.audio_id = hs.audio_id AND hn.n <= ${SKETCH_MAX_LIST} GROUP BY hs.audio_id),
  cells AS (SELECT hs.audio_id, ((h::bigint & 4294967295) >> ${REST})::int AS j,
                   max(${REST + 1} - length(ltrim(h::bit(${REST})::text, '0'))) AS r
            FROM hs JOIN hn ON hn.audio_id = hs.audio_id AND hn.n > ${SKETCH_MAX_LIST} GROUP BY 1, 2),
  dense AS (SELECT t.audio_id, decode('01', 'hex') || string_agg(set_byte(decode('00', 'hex'), 0, coalesce(c.r, 0)), ''::bytea ORDER BY g) AS sk
            FROM (SELECT DISTINCT audio_id FROM cells) t CROSS JOIN generate_series(0, ${(1 << HLL_P) - 1}) g
            LEFT JOIN cells c ON c.audio_id = t.audio_id AND c.j = g GROUP BY t.audio_id)`);

/**
 * Rebuilds one day's rollup rows (all tracks, or `trackIds` only) from the raw sessions: delete then
 * insert, under a lock per day, so re-running a day gives the same figures.
 */
export async function rollupDay(db: Db, day: string, trackIds: string[] | null, bucketSeconds: number): Promise<void> {
  if (trackIds && trackIds.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`analytics-rollup:${day}`}))`);
    await tx.execute(sql`DELETE FROM track_daily_stats WHERE day = ${day} ${onlyTracks(trackIds, 'audio_id')}`);
    await tx.execute(sql`
      WITH s AS (
        SELECT s.id, s.audio_id, s.listener_key, s.source, s.device, s.app,
               (SELECT count(*) FROM listen_buckets b WHERE b.session_id = s.id) AS n
        FROM listen_sessions s
        WHERE s.day = ${day} AND s.counted ${onlyTracks(trackIds, 's.audio_id')}
      ),
      per AS (
        SELECT audio_id, count(*)::int AS plays, count(DISTINCT listener_key)::int AS listeners,
               (coalesce(sum(n), 0) * ${bucketSeconds})::int AS seconds
        FROM s GROUP BY audio_id
      ),
      heard AS (
        -- Per session through the index (OFFSET 0 keeps it a nested loop): a hash join would scan
        -- every bucket of every day for each day rolled.
        SELECT s.audio_id, b.bucket, count(*)::int AS c
        FROM s CROSS JOIN LATERAL (SELECT bucket FROM listen_buckets WHERE session_id = s.id OFFSET 0) b
        GROUP BY s.audio_id, b.bucket
      ),
      heard_arr AS (
        SELECT h.audio_id, jsonb_agg(coalesce(x.c, 0) ORDER BY g) AS heard
        FROM (SELECT audio_id, max(bucket) AS mx FROM heard GROUP BY audio_id) h
        CROSS JOIN LATERAL generate_series(0, h.mx) g
        LEFT JOIN heard x ON x.audio_id = h.audio_id AND x.bucket = g
        GROUP BY h.audio_id
      ),
      src AS (SELECT audio_id, jsonb_object_agg(source, c) AS m
              FROM (SELECT audio_id, source, count(*)::int AS c FROM s GROUP BY 1, 2) t GROUP BY audio_id),
      dev AS (SELECT audio_id, jsonb_object_agg(device, c) AS m
              FROM (SELECT audio_id, device, count(*)::int AS c FROM s GROUP BY 1, 2) t GROUP BY audio_id),
      app AS (SELECT audio_id, jsonb_object_agg(app, c) AS m
              FROM (SELECT audio_id, app, count(*)::int AS c FROM s GROUP BY 1, 2) t GROUP BY audio_id),
      ${LISTENER_SKETCHES}
      INSERT INTO track_daily_stats (audio_id, day, plays, listeners, seconds_listened, heard, sources, devices, apps, listener_hashes)
      SELECT per.audio_id, ${day}, per.plays, per.listeners, per.seconds,
             coalesce(heard_arr.heard, '[]'::jsonb), src.m, dev.m, app.m, coalesce(lists.sk, dense.sk)
      FROM per
      LEFT JOIN heard_arr ON heard_arr.audio_id = per.audio_id
      JOIN src ON src.audio_id = per.audio_id
      JOIN dev ON dev.audio_id = per.audio_id
      JOIN app ON app.audio_id = per.audio_id
      LEFT JOIN lists ON lists.audio_id = per.audio_id
      LEFT JOIN dense ON dense.audio_id = per.audio_id`);
  });
}

/** Days before `today` with raw sessions and no rollup made after the day ended. */
export async function daysToRoll(db: Db, today: string): Promise<string[]> {
  const res = await db.execute(sql`
    SELECT day::text AS day FROM (
      SELECT day FROM listen_sessions UNION SELECT day FROM podcast_downloads WHERE day IS NOT NULL
    ) d
    WHERE day < ${today} AND day NOT IN (SELECT day FROM analytics_rolled_days) ORDER BY 1`);
  return rowsOf<{ day: string }>(res).map((r) => r.day);
}

/** Records that a day was rolled after it ended (its raw sessions are then safe to delete later). */
export async function markRolled(db: Db, day: string, at: Date): Promise<void> {
  await db.execute(sql`
    INSERT INTO analytics_rolled_days (day, rolled_at) VALUES (${day}, ${at.toISOString()}::timestamptz)
    ON CONFLICT (day) DO UPDATE SET rolled_at = EXCLUDED.rolled_at`);
}

/** Deletes raw sessions (and their buckets) of rolled days before `before`, and live listens as old. */
export async function deleteRawBefore(db: Db, before: string): Promise<number> {
  await db.execute(sql`DELETE FROM live_listens WHERE started_at < ${before}::date`);
  const res = await db.execute(sql`
    DELETE FROM listen_sessions WHERE day < ${before}
      AND day IN (SELECT day FROM analytics_rolled_days) RETURNING 1`);
  return rowsOf(res).length;
}

export interface DailyRow {
  audioId: string;
  day: string;
  plays: number;
  listeners: number;
  secondsListened: number;
  heard: number[];
  sources: Record<string, number>;
  devices: Record<string, number>;
  apps: Record<string, number>;
}

/** The creator's rollup rows over the range (one track's with `trackId`); `heard` only when asked (the retention curve). */
export async function dailyRows(
  db: Db,
  creatorId: string,
  from: string,
  to: string,
  opts: { trackId?: string; heard?: boolean } = {},
) {
  const { trackId, heard = false } = opts;
  const res = await db.execute(sql`
    SELECT d.audio_id, d.day::text AS day, d.plays, d.listeners, d.seconds_listened,
           ${heard ? sql`d.heard` : sql`'[]'::jsonb AS heard`}, d.sources, d.devices, d.apps
    FROM track_daily_stats d JOIN audio_content a ON a.id = d.audio_id
    WHERE a.user_id = ${creatorId} AND d.day BETWEEN ${from} AND ${to}
      ${trackId ? sql`AND d.audio_id = ${trackId}` : sql``}`);
  return rowsOf<{
    audio_id: string;
    day: string;
    plays: number;
    listeners: number;
    seconds_listened: number;
    heard: number[];
    sources: Record<string, number>;
    devices: Record<string, number>;
    apps: Record<string, number>;
  }>(res).map(
    (r): DailyRow => ({
      audioId: r.audio_id,
      day: r.day,
      plays: r.plays,
      listeners: r.listeners,
      secondsListened: r.seconds_listened,
      heard: r.heard,
      sources: r.sources,
      devices: r.devices,
      apps: r.apps,
    }),
  );
}

/** Plays and seconds heard of the creator's tracks over the range (summed in the database). */
export async function rangeTotals(db: Db, creatorId: string, from: string, to: string) {
  const [r] = rowsOf<{ plays: number; seconds: number }>(
    await db.execute(sql`
      SELECT coalesce(sum(d.plays), 0)::int AS plays, coalesce(sum(d.seconds_listened), 0)::bigint::float8 AS seconds
      FROM track_daily_stats d JOIN audio_content a ON a.id = d.audio_id
      WHERE a.user_id = ${creatorId} AND d.day BETWEEN ${from} AND ${to}`),
  );
  return { plays: r?.plays ?? 0, seconds: r?.seconds ?? 0 };
}

/**
 * The listener sketches (listeners.ts) of the creator's track-days in the range, per track: a
 * track's exact lists joined into one, its HyperLogLog days as they are. Sent as base64 (cheaper
 * for the driver than bytea's hex; 560 days of 280 listeners are about 0.8 MB).
 */
export async function listenerSketches(
  db: Db,
  creatorId: string,
  from: string,
  to: string,
  trackId?: string,
): Promise<Map<string, Uint8Array[]>> {
  const res = await db.execute(sql`
    WITH d AS (
      SELECT d.audio_id, d.listener_hashes AS sk FROM track_daily_stats d JOIN audio_content a ON a.id = d.audio_id
      WHERE a.user_id = ${creatorId} AND d.day BETWEEN ${from} AND ${to} ${trackId ? sql`AND d.audio_id = ${trackId}` : sql``}
    )
    SELECT audio_id, encode(decode('00', 'hex') || string_agg(substr(sk, 2), ''::bytea), 'base64') AS sk
    FROM d WHERE get_byte(sk, 0) = 0 GROUP BY audio_id
    UNION ALL
    SELECT audio_id, encode(sk, 'base64') FROM d WHERE get_byte(sk, 0) = 1`);
  const out = new Map<string, Uint8Array[]>();
  for (const r of rowsOf<{ audio_id: string; sk: string }>(res)) {
    const list = out.get(r.audio_id) ?? [];
    list.push(Buffer.from(r.sk, 'base64'));
    out.set(r.audio_id, list);
  }
  return out;
}

/** The kept count of a past range (see `analyticsPastListeners`), if computed before. */
export async function pastListeners(db: Db, creatorId: string, tracks: string, from: string, to: string) {
  const [r] = await db
    .select({ listeners: analyticsPastListeners.listeners })
    .from(analyticsPastListeners)
    .where(
      and(
        eq(analyticsPastListeners.creatorId, creatorId),
        eq(analyticsPastListeners.tracks, tracks),
        eq(analyticsPastListeners.fromDay, from),
        eq(analyticsPastListeners.toDay, to),
      ),
    );
  return r?.listeners ?? null;
}

/** Every day of the range with raw sessions was rolled after it ended (so its rollup is final). */
export async function allRolled(db: Db, from: string, to: string): Promise<boolean> {
  const [r] = rowsOf<{ ok: boolean }>(
    await db.execute(sql`
      SELECT NOT EXISTS (
        SELECT 1 FROM generate_series(${from}::date, ${to}::date, interval '1 day') g(d)
         WHERE NOT EXISTS (SELECT 1 FROM analytics_rolled_days r WHERE r.day = g.d::date)
           AND EXISTS (SELECT 1 FROM listen_sessions s WHERE s.day = g.d::date)) AS ok`),
  );
  return r?.ok === true;
}

/** Forgets kept counts of ranges that ended before `before` (no range the page offers reaches them). */
export async function forgetPastListeners(db: Db, before: string): Promise<void> {
  await db.execute(sql`DELETE FROM analytics_past_listeners WHERE to_day < ${before}::date`);
}

export async function keepPastListeners(
  db: Db,
  v: { creatorId: string; tracks: string; fromDay: string; toDay: string; listeners: number },
): Promise<void> {
  await db.insert(analyticsPastListeners).values(v).onConflictDoNothing();
}

export async function creatorTracks(db: Db, creatorId: string) {
  const res = await db.execute(sql`
    SELECT id, title, duration, user_id, chapter_markers FROM audio_content
    WHERE user_id = ${creatorId} AND live_stream_id IS NULL ORDER BY created_at DESC LIMIT 1000`);
  return rowsOf<{ id: string; title: string; duration: number; user_id: string; chapter_markers: unknown }>(res);
}

export async function trackOwner(db: Db, trackId: string) {
  const res = await db.execute(sql`
    SELECT id, title, duration, user_id, chapter_markers FROM audio_content WHERE id = ${trackId}`);
  return rowsOf<{
    id: string;
    title: string;
    duration: number;
    user_id: string;
    chapter_markers: { title: string; startTime: number }[] | null;
  }>(res)[0];
}

/** Likes and comments per track of the creator, made in the range (one aggregate per table). */
export async function engagement(db: Db, creatorId: string, fromTs: string, toTs: string) {
  const res = await db.execute(sql`
    WITH t AS (SELECT id FROM audio_content WHERE user_id = ${creatorId}),
    l AS (SELECT audio_id, count(*)::int AS n FROM likes
          WHERE audio_id IN (SELECT id FROM t) AND created_at >= ${fromTs}::timestamptz AND created_at < ${toTs}::timestamptz
          GROUP BY audio_id),
    c AS (SELECT audio_id, count(*)::int AS n FROM comments
          WHERE audio_id IN (SELECT id FROM t) AND created_at >= ${fromTs}::timestamptz AND created_at < ${toTs}::timestamptz
          GROUP BY audio_id)
    SELECT t.id AS audio_id, coalesce(l.n, 0) AS likes, coalesce(c.n, 0) AS comments
    FROM t LEFT JOIN l ON l.audio_id = t.id LEFT JOIN c ON c.audio_id = t.id`);
  return new Map(rowsOf<{ audio_id: string; likes: number; comments: number }>(res).map((r) => [r.audio_id, r]));
}

export async function followersGained(db: Db, creatorId: string, fromTs: string, toTs: string): Promise<number> {
  const res = await db.execute(sql`
    SELECT count(*)::int AS n FROM follows
    WHERE following_id = ${creatorId} AND created_at >= ${fromTs}::timestamptz AND created_at < ${toTs}::timestamptz`);
  return rowsOf<{ n: number }>(res)[0]?.n ?? 0;
}

/** Plays of each of the creator's tracks in its first 7, 30 and 90 days (from the rollups). */
export async function firstDaysPlays(db: Db, creatorId: string) {
  const res = await db.execute(sql`
    SELECT a.id AS audio_id,
      coalesce(sum(d.plays) FILTER (WHERE d.day < (a.created_at AT TIME ZONE 'UTC')::date + 7), 0)::int AS d7,
      coalesce(sum(d.plays) FILTER (WHERE d.day < (a.created_at AT TIME ZONE 'UTC')::date + 30), 0)::int AS d30,
      coalesce(sum(d.plays) FILTER (WHERE d.day < (a.created_at AT TIME ZONE 'UTC')::date + 90), 0)::int AS d90
    FROM audio_content a
    LEFT JOIN track_daily_stats d ON d.audio_id = a.id AND d.day < (a.created_at AT TIME ZONE 'UTC')::date + 90
    WHERE a.user_id = ${creatorId}
    GROUP BY a.id`);
  return new Map(
    rowsOf<{ audio_id: string; d7: number; d30: number; d90: number }>(res).map((r) => [
      r.audio_id,
      { d7: r.d7, d30: r.d30, d90: r.d90 },
    ]),
  );
}

/**
 * Adds an enclosure fetch to the client's current 24-hour window (opened at its first fetch; a
 * fetch after it ends opens a new one) and marks the window counted on `day` once its summed bytes
 * reach `needed`. Serialised per client and track, so concurrent ranges add up exactly once.
 */
export async function addEnclosureFetch(
  db: Db,
  f: { audioId: string; clientKey: string; app: string | null; bytes: number; needed: number; at: Date; day: string },
  windowMs: number,
): Promise<{ counted: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`podcast-dl:${f.audioId}:${f.clientKey}`}))`);
    const since = new Date(f.at.getTime() - windowMs).toISOString();
    const current = rowsOf<{ id: string; bytes: number; day: string | null }>(
      await tx.execute(sql`
        SELECT id, bytes::float8 AS bytes, day::text AS day FROM podcast_downloads
        WHERE audio_id = ${f.audioId} AND client_key = ${f.clientKey} AND window_start > ${since}::timestamptz
        ORDER BY window_start DESC LIMIT 1`),
    )[0];
    if (!current) {
      const counted = f.bytes >= f.needed;
      await tx.execute(sql`
        INSERT INTO podcast_downloads (audio_id, client_key, app, window_start, bytes, day)
        VALUES (${f.audioId}, ${f.clientKey}, ${f.app}, ${f.at.toISOString()}::timestamptz, ${f.bytes},
                ${counted ? f.day : null})`);
      if (counted) await markDirty(tx, f.audioId, f.day);
      return { counted };
    }
    const bytes = current.bytes + f.bytes;
    const counted = current.day === null && bytes >= f.needed;
    await tx.execute(sql`
      UPDATE podcast_downloads SET bytes = ${bytes}${counted ? sql`, day = ${f.day}` : sql``}
      WHERE id = ${current.id}`);
    if (counted) await markDirty(tx, f.audioId, f.day);
    return { counted };
  });
}

/** Rebuilds one day's download counts (all tracks, or `trackIds`) from the counted windows. */
export async function rollupDownloadsDay(db: Db, day: string, trackIds: string[] | null): Promise<void> {
  if (trackIds && trackIds.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`analytics-downloads:${day}`}))`);
    await tx.execute(sql`DELETE FROM track_daily_downloads WHERE day = ${day} ${onlyTracks(trackIds, 'audio_id')}`);
    await tx.execute(sql`
      INSERT INTO track_daily_downloads (audio_id, day, downloads)
      SELECT audio_id, day, count(*)::int FROM podcast_downloads
      WHERE day = ${day} ${onlyTracks(trackIds, 'audio_id')} GROUP BY audio_id, day`);
  });
}

/** Deletes download windows that ended before `before` (counted ones are in the rollup by then). */
export async function deleteDownloadWindowsBefore(db: Db, before: string): Promise<void> {
  await db.execute(sql`DELETE FROM podcast_downloads WHERE window_start < ${before}::timestamptz`);
}

/** Downloads per track of the creator over the range (key '' = all tracks). */
export async function downloadsByTrack(db: Db, creatorId: string, from: string, to: string) {
  const res = await db.execute(sql`
    SELECT coalesce(d.audio_id::text, '') AS audio_id, sum(d.downloads)::int AS n
    FROM track_daily_downloads d JOIN audio_content a ON a.id = d.audio_id
    WHERE a.user_id = ${creatorId} AND d.day BETWEEN ${from} AND ${to}
    GROUP BY GROUPING SETS ((d.audio_id), ())`);
  return new Map(rowsOf<{ audio_id: string; n: number }>(res).map((r) => [r.audio_id, r.n ?? 0]));
}

export interface LiveFigures {
  streamId: string;
  title: string;
  startedAt: string;
  endedAt: string | null;
  peakListeners: number;
  avgListeners: number;
  minutesListened: number;
  chatMessages: number;
  followersGained: number;
}

/**
 * The creator's live streams on air during [fromTs, toTs): peak (the stream's own peak or the
 * highest minute sample), average concurrent listeners (mean of the per-minute samples), minutes
 * listened (average × minutes on air), chat messages kept, and follows made while it was on air.
 */
export async function liveFigures(db: Db, creatorId: string, fromTs: string, toTs: string, now: Date) {
  const res = await db.execute(sql`
    WITH s AS (
      SELECT id, title, on_air_at, coalesce(ended_at, ${now.toISOString()}::timestamptz) AS until, ended_at, peak_viewers
      FROM live_streams
      WHERE user_id = ${creatorId} AND on_air_at IS NOT NULL
        AND on_air_at < ${toTs}::timestamptz AND coalesce(ended_at, ${now.toISOString()}::timestamptz) >= ${fromTs}::timestamptz
    )
    SELECT s.id, s.title, s.on_air_at, s.ended_at,
      greatest(s.peak_viewers, coalesce(x.mx, 0))::int AS peak,
      coalesce(x.av, 0)::float8 AS avg,
      round(coalesce(x.av, 0) * extract(epoch FROM (s.until - s.on_air_at)) / 60)::int AS minutes,
      (SELECT count(*)::int FROM live_chat_messages c WHERE c.stream_id = s.id AND c.deleted_at IS NULL) AS chat,
      (SELECT count(*)::int FROM follows f WHERE f.following_id = ${creatorId}
         AND f.created_at >= s.on_air_at AND f.created_at < s.until) AS followers
    FROM s LEFT JOIN LATERAL (
      SELECT max(listeners) AS mx, avg(listeners) AS av FROM live_listener_samples WHERE stream_id = s.id
    ) x ON true
    ORDER BY s.on_air_at DESC LIMIT 200`);
  return rowsOf<{
    id: string;
    title: string;
    on_air_at: string | Date;
    ended_at: string | Date | null;
    peak: number;
    avg: number;
    minutes: number;
    chat: number;
    followers: number;
  }>(res).map(
    (r): LiveFigures => ({
      streamId: r.id,
      title: r.title,
      startedAt: new Date(r.on_air_at).toISOString(),
      endedAt: r.ended_at ? new Date(r.ended_at).toISOString() : null,
      peakListeners: r.peak,
      avgListeners: Math.round(r.avg * 100) / 100,
      minutesListened: r.minutes,
      chatMessages: r.chat,
      followersGained: r.followers,
    }),
  );
}
