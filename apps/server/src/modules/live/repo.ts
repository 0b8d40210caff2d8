import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { ownerSuspendedOf } from '../../access/tracks';
import type { Db } from '../../db/client';
import { audioContent, liveChatMessages, liveChatMutes, liveStreams, users } from '../../db/schema';
import { commentsFromChat } from '../comments/from-chat';
import { insertRecordingDraft } from '../tracks/recording-draft';

export type StreamRow = typeof liveStreams.$inferSelect;
export type ChatRow = typeof liveChatMessages.$inferSelect;
export type CreatorRow = { id: string; displayName: string | null; avatarUrl: string | null };
export type RecordingRow = Pick<typeof audioContent.$inferSelect, 'id' | 'status' | 'isPublic' | 'duration'>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const creatorColumns = { id: users.id, displayName: users.displayName, avatarUrl: users.avatarUrl };
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export interface EndedStream {
  id: string;
  userId: string;
  /** Whether it had gone on air (only those announce live.ended). */
  wasActive: boolean;
}

export async function insertStream(
  db: Db,
  v: {
    userId: string;
    title: string;
    description: string | null;
    category: string;
    tags: string[];
    radioChannelId?: string;
  },
): Promise<StreamRow> {
  const [row] = await db
    .insert(liveStreams)
    .values({ ...v, tags: v.tags.length ? v.tags : null, isActive: false, viewerCount: 0 })
    .returning();
  return row;
}

export async function findStream(db: Db, id: string) {
  const [row] = await db
    .select({
      stream: liveStreams,
      creator: creatorColumns,
      ownerSuspended: ownerSuspendedOf(liveStreams.userId),
    })
    .from(liveStreams)
    .leftJoin(users, eq(users.id, liveStreams.userId))
    .where(eq(liveStreams.id, id));
  return row;
}

export async function listActive(
  db: Db,
  q: { category?: string; sort: 'viewers' | 'recent'; search?: string; limit: number },
) {
  // A suspended creator's streams are hidden (admin suspension, ADR 0015).
  // Radio channels' air is listed as the channels (modules/radio), not as broadcasts.
  const where = [eq(liveStreams.isActive, true), isNull(users.suspendedAt), isNull(liveStreams.radioChannelId)];
  if (q.category) where.push(eq(liveStreams.category, q.category));
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(liveStreams.title, like), ilike(liveStreams.description, like)) as never);
  }
  return db
    .select({ stream: liveStreams, creator: creatorColumns })
    .from(liveStreams)
    .leftJoin(users, eq(users.id, liveStreams.userId))
    .where(and(...where))
    .orderBy(
      q.sort === 'recent' ? desc(liveStreams.createdAt) : desc(liveStreams.viewerCount),
      desc(liveStreams.createdAt),
    )
    .limit(q.limit);
}

/** Ends open streams matching `where` in one statement; reports which had been on air. */
async function endWhere(db: Db, where: ReturnType<typeof sql>): Promise<EndedStream[]> {
  const res = await db.execute(sql`
    WITH target AS (
      SELECT id, is_active FROM live_streams WHERE ended_at IS NULL AND ${where} FOR UPDATE
    )
    UPDATE live_streams s SET is_active = false, ended_at = now(), viewer_count = 0
    FROM target WHERE s.id = target.id
    RETURNING s.id, s.user_id, target.is_active AS was_active`);
  return rowsOf<{ id: string; user_id: string; was_active: boolean }>(res).map((r) => ({
    id: r.id,
    userId: r.user_id,
    wasActive: r.was_active,
  }));
}

export const endStream = (db: Db, id: string) => endWhere(db, sql`id = ${id}`);
export const endStreamsOfUser = (db: Db, userId: string) => endWhere(db, sql`user_id = ${userId}`);
/** The creator's open broadcasts, not their radio channels' air (a new broadcast ends only these). */
export const endBroadcastsOfUser = (db: Db, userId: string) =>
  endWhere(db, sql`user_id = ${userId} AND radio_channel_id IS NULL`);

/** Which of these streams are the user's. */
export async function streamIdsOfUserAmong(db: Db, userId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: liveStreams.id })
    .from(liveStreams)
    .where(and(eq(liveStreams.userId, userId), inArray(liveStreams.id, ids)));
  return rows.map((r) => r.id);
}

/**
 * Open streams no process is looking after: on air with a heartbeat older than `staleBefore`, or
 * never on air and created before `pendingBefore` without a heartbeat since `staleBefore`.
 */
export async function endAbandoned(db: Db, staleBefore: Date, pendingBefore: Date, exclude: string[]) {
  const stale = staleBefore.toISOString();
  const pending = pendingBefore.toISOString();
  const notMine = exclude.length
    ? sql`AND id NOT IN (${sql.join(
        exclude.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  return endWhere(
    db,
    sql`(COALESCE(publisher_seen_at, 'epoch'::timestamptz) < ${stale}::timestamptz)
        AND (is_active OR created_at < ${pending}::timestamptz) ${notMine}`,
  );
}

/** The first audio arrived: on air from now (created_at becomes the start time the lists show). */
export async function markLive(db: Db, id: string): Promise<StreamRow | undefined> {
  const [row] = await db
    .update(liveStreams)
    .set({ isActive: true, createdAt: new Date(), onAirAt: new Date(), publisherSeenAt: new Date() })
    .where(and(eq(liveStreams.id, id), isNull(liveStreams.endedAt), eq(liveStreams.isActive, false)))
    .returning();
  return row;
}

/** Heartbeat of the streams this process holds; answers which of them were ended meanwhile. */
export async function heartbeat(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(liveStreams)
    .set({ publisherSeenAt: new Date() })
    .where(inArray(liveStreams.id, ids))
    .returning({ id: liveStreams.id, endedAt: liveStreams.endedAt });
  const found = new Set(rows.map((r) => r.id));
  return [...rows.filter((r) => r.endedAt !== null).map((r) => r.id), ...ids.filter((id) => !found.has(id))];
}

/**
 * The owners of these streams whose accounts are suspended: a broadcast that attached while a
 * suspension was being applied (its key checked just before) is ended at the next heartbeat.
 */
export async function suspendedOwnersOf(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: liveStreams.userId })
    .from(liveStreams)
    .innerJoin(users, eq(users.id, liveStreams.userId))
    .where(and(inArray(liveStreams.id, ids), isNotNull(users.suspendedAt)));
  return rows.map((r) => r.userId);
}

export async function setViewers(db: Db, id: string, viewers: number): Promise<void> {
  await db
    .update(liveStreams)
    .set({ viewerCount: viewers, peakViewers: sql`GREATEST(${liveStreams.peakViewers}, ${viewers})` })
    .where(and(eq(liveStreams.id, id), isNull(liveStreams.endedAt)));
}

/**
 * Records the current concurrent listeners of on-air streams in this minute's sample (the highest
 * seen in the minute wins), for analytics' average and minutes listened.
 */
export async function sampleListeners(db: Db, ids: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    INSERT INTO live_listener_samples (stream_id, minute, listeners)
    SELECT id, date_trunc('minute', ${at.toISOString()}::timestamptz), viewer_count FROM live_streams
    WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) AND ended_at IS NULL AND on_air_at IS NOT NULL
    ON CONFLICT (stream_id, minute) DO UPDATE
      SET listeners = GREATEST(live_listener_samples.listeners, EXCLUDED.listeners)`);
}

// Chat

export async function insertChat(
  db: Db,
  v: { streamId: string; userId: string; content: string; offsetSeconds: number },
) {
  const [row] = await db.insert(liveChatMessages).values(v).returning();
  return row;
}

export async function listChat(db: Db, streamId: string, limit: number) {
  const rows = await db
    .select({ message: liveChatMessages, author: creatorColumns })
    .from(liveChatMessages)
    .leftJoin(users, eq(users.id, liveChatMessages.userId))
    .where(and(eq(liveChatMessages.streamId, streamId), isNull(liveChatMessages.deletedAt)))
    .orderBy(desc(liveChatMessages.createdAt))
    .limit(limit);
  return rows.reverse();
}

export async function findChat(db: Db, streamId: string, id: string) {
  const [row] = await db
    .select()
    .from(liveChatMessages)
    .where(and(eq(liveChatMessages.id, id), eq(liveChatMessages.streamId, streamId)));
  return row;
}

export async function deleteChat(db: Db, id: string): Promise<void> {
  await db.update(liveChatMessages).set({ deletedAt: new Date() }).where(eq(liveChatMessages.id, id));
}

export async function findAuthor(db: Db, userId: string): Promise<CreatorRow | undefined> {
  const [row] = await db.select(creatorColumns).from(users).where(eq(users.id, userId));
  return row;
}

export async function isMuted(db: Db, streamId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: liveChatMutes.userId })
    .from(liveChatMutes)
    .where(and(eq(liveChatMutes.streamId, streamId), eq(liveChatMutes.userId, userId)));
  return Boolean(row);
}

export async function mute(db: Db, streamId: string, userId: string): Promise<void> {
  await db.insert(liveChatMutes).values({ streamId, userId }).onConflictDoNothing();
}

export async function unmute(db: Db, streamId: string, userId: string): Promise<void> {
  await db.delete(liveChatMutes).where(and(eq(liveChatMutes.streamId, streamId), eq(liveChatMutes.userId, userId)));
}

export async function listMutes(db: Db, streamId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: liveChatMutes.userId })
    .from(liveChatMutes)
    .where(eq(liveChatMutes.streamId, streamId));
  return rows.map((r) => r.userId);
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return Boolean(row);
}

// Recording

export async function findRecording(db: Db, trackId: string): Promise<RecordingRow | undefined> {
  const [row] = await db
    .select({
      id: audioContent.id,
      status: audioContent.status,
      isPublic: audioContent.isPublic,
      duration: audioContent.duration,
    })
    .from(audioContent)
    .where(eq(audioContent.id, trackId));
  return row;
}

export interface NewRecording {
  stream: StreamRow;
  audioKey: string;
  audioBytes: number;
  duration: number;
  category: string;
}

/** The recording becomes a private draft track (its chat is kept or not when it is published). */
export async function createRecordingTrack(db: Db, r: NewRecording): Promise<{ trackId: string; created: boolean }> {
  return db.transaction(async (tx: Tx) => {
    const [locked] = await tx.select().from(liveStreams).where(eq(liveStreams.id, r.stream.id)).for('update');
    if (!locked) throw new Error('stream vanished');
    if (locked.recordingTrackId) return { trackId: locked.recordingTrackId, created: false };
    const trackId = await insertRecordingDraft(tx, {
      userId: r.stream.userId,
      title: r.stream.title,
      description: r.stream.description,
      tags: r.stream.tags,
      category: r.category,
      audioKey: r.audioKey,
      audioBytes: r.audioBytes,
      duration: r.duration,
      liveStreamId: r.stream.id,
    });
    await tx
      .update(liveStreams)
      .set({ recordingTrackId: trackId, recordingKey: r.audioKey })
      .where(eq(liveStreams.id, r.stream.id));
    return { trackId, created: true };
  });
}

/**
 * Publishes the recording; with `keepChat` its chat becomes timestamped comments, otherwise none
 * are (the comments module's `commentsFromChat`).
 */
export async function publishRecordingTrack(
  db: Db,
  r: { stream: StreamRow; trackId: string; keepChat: boolean },
): Promise<void> {
  await db.transaction(async (tx: Tx) => {
    const [track] = await tx
      .select({ duration: audioContent.duration })
      .from(audioContent)
      .where(eq(audioContent.id, r.trackId))
      .for('update');
    if (!track) return;
    const loadChat = () =>
      tx
        .select()
        .from(liveChatMessages)
        .where(and(eq(liveChatMessages.streamId, r.stream.id), isNull(liveChatMessages.deletedAt)))
        .orderBy(asc(liveChatMessages.createdAt));
    await commentsFromChat(tx, {
      trackId: r.trackId,
      streamEndedAt: r.stream.endedAt ?? new Date(),
      duration: track.duration,
      loadChat: r.keepChat ? loadChat : null,
    });
    await tx.update(audioContent).set({ isPublic: true, updatedAt: new Date() }).where(eq(audioContent.id, r.trackId));
  });
}

/** The creator's newest stream not yet ended: on air, or (`prepared`) also one waiting for audio. */
export async function findOpenStreamOf(
  db: Db,
  userId: string,
  opts: { prepared: boolean },
): Promise<StreamRow | undefined> {
  const onAir = opts.prepared ? undefined : eq(liveStreams.isActive, true);
  const [row] = await db
    .select()
    .from(liveStreams)
    .where(and(eq(liveStreams.userId, userId), onAir, isNull(liveStreams.endedAt), isNull(liveStreams.radioChannelId)))
    .orderBy(desc(liveStreams.createdAt))
    .limit(1);
  return row;
}

/** What the encoder says is playing (null clears it); only while the stream has not ended. */
export async function setNowPlaying(db: Db, id: string, nowPlaying: string | null): Promise<boolean> {
  const rows = await db
    .update(liveStreams)
    .set({ nowPlaying })
    .where(and(eq(liveStreams.id, id), isNull(liveStreams.endedAt)))
    .returning({ id: liveStreams.id });
  return rows.length > 0;
}

/** No recording will be made of this ended stream (its host is told instead of waiting). */
export async function markRecordingDiscarded(db: Db, id: string): Promise<void> {
  await db
    .update(liveStreams)
    .set({ recordingDiscarded: true })
    .where(and(eq(liveStreams.id, id), isNull(liveStreams.recordingTrackId)));
}

export async function findStreamRow(db: Db, id: string): Promise<StreamRow | undefined> {
  const [row] = await db.select().from(liveStreams).where(eq(liveStreams.id, id));
  return row;
}

/** The stream with whether its creator is suspended (what `canSeeStream` decides by). */
export async function findStreamWithFacts(db: Db, id: string) {
  const [row] = await db
    .select({ stream: liveStreams, ownerSuspended: ownerSuspendedOf(liveStreams.userId) })
    .from(liveStreams)
    .where(eq(liveStreams.id, id));
  return row;
}

/**
 * Seconds a creator was on air between `since` and `until` (from each broadcast's first audio to
 * its end, or to `until` while it lasts): what the free plan's monthly allowance counts.
 */
export async function onAirSeconds(db: Db, userId: string, since: Date, until: Date): Promise<number> {
  const end = sql`LEAST(COALESCE(${liveStreams.endedAt}, ${until}), ${until})`;
  const start = sql`GREATEST(${liveStreams.onAirAt}, ${since})`;
  const [row] = await db
    .select({ seconds: sql<string>`COALESCE(SUM(GREATEST(EXTRACT(EPOCH FROM (${end} - ${start})), 0)), 0)` })
    .from(liveStreams)
    .where(
      and(
        eq(liveStreams.userId, userId),
        sql`${liveStreams.onAirAt} IS NOT NULL`,
        sql`${liveStreams.onAirAt} < ${until}`,
        sql`COALESCE(${liveStreams.endedAt}, ${until}) > ${since}`,
      ),
    );
  return Math.floor(Number(row?.seconds ?? 0));
}
