import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { discoverableSql } from '../../access/tracks';
import type { Db } from '../../db/client';
import { audioContent, roomMembers, roomMessages, roomQueueItems, rooms, users } from '../../db/schema';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;
export type RoomRow = typeof rooms.$inferSelect;
export type MemberRow = typeof roomMembers.$inferSelect & { displayName: string | null; avatarUrl: string | null };

const memberColumns = {
  id: roomMembers.id,
  roomId: roomMembers.roomId,
  userId: roomMembers.userId,
  guestName: roomMembers.guestName,
  guestTokenHash: roomMembers.guestTokenHash,
  joinedAt: roomMembers.joinedAt,
  lastSeenAt: roomMembers.lastSeenAt,
  leftAt: roomMembers.leftAt,
  removedAt: roomMembers.removedAt,
  displayName: users.displayName,
  avatarUrl: users.avatarUrl,
};

export async function insertRoom(tx: Tx, values: typeof rooms.$inferInsert): Promise<RoomRow> {
  const [row] = await tx.insert(rooms).values(values).returning();
  return row;
}

export async function findRoom(db: Executor, id: string, lock = false): Promise<RoomRow | undefined> {
  const q = db.select().from(rooms).where(eq(rooms.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateRoom(db: Executor, id: string, set: Partial<typeof rooms.$inferInsert>) {
  const [row] = await db.update(rooms).set(set).where(eq(rooms.id, id)).returning();
  return row;
}

/** Open public rooms, busiest first (members seen since `since`). */
export async function listPublicRooms(db: Db, since: Date, limit: number) {
  const present = sql<number>`(select count(*)::int from room_members m where m.room_id = ${rooms.id} and m.left_at is null and m.removed_at is null and m.last_seen_at > ${since.toISOString()}::timestamptz)`;
  return db
    .select({
      id: rooms.id,
      name: rooms.name,
      kind: rooms.kind,
      createdAt: rooms.createdAt,
      hostName: sql<
        string | null
      >`(select coalesce(u.display_name, m.guest_name) from room_members m left join users u on u.id = m.user_id where m.id = ${rooms.hostMemberId})`,
      nowPlaying: sql<
        string | null
      >`(select a.title from room_queue_items q join audio_content a on a.id = q.track_id where q.id::text = ${rooms.playback}->>'itemId')`,
      memberCount: present,
    })
    .from(rooms)
    .where(and(eq(rooms.status, 'open'), eq(rooms.visibility, 'public')))
    .orderBy(desc(present), desc(rooms.createdAt))
    .limit(limit);
}

// Members

export async function insertMember(tx: Tx, values: typeof roomMembers.$inferInsert) {
  const [row] = await tx.insert(roomMembers).values(values).returning({ id: roomMembers.id });
  return row.id;
}

/** The user's row in the room (present or not), to re-admit on a new join. */
export async function findUserMember(db: Executor, roomId: string, userId: string) {
  const [row] = await db
    .select(memberColumns)
    .from(roomMembers)
    .leftJoin(users, eq(users.id, roomMembers.userId))
    .where(and(eq(roomMembers.roomId, roomId), eq(roomMembers.userId, userId)));
  return row as MemberRow | undefined;
}

export async function findGuestMember(db: Executor, roomId: string, tokenHash: string) {
  const [row] = await db
    .select(memberColumns)
    .from(roomMembers)
    .leftJoin(users, eq(users.id, roomMembers.userId))
    .where(and(eq(roomMembers.roomId, roomId), eq(roomMembers.guestTokenHash, tokenHash)));
  return row as MemberRow | undefined;
}

export async function findMember(db: Executor, roomId: string, memberId: string) {
  const [row] = await db
    .select(memberColumns)
    .from(roomMembers)
    .leftJoin(users, eq(users.id, roomMembers.userId))
    .where(and(eq(roomMembers.roomId, roomId), eq(roomMembers.id, memberId)));
  return row as MemberRow | undefined;
}

export async function touchMember(db: Executor, memberId: string, at: Date, rejoin = false) {
  await db
    .update(roomMembers)
    .set(rejoin ? { lastSeenAt: at, leftAt: null } : { lastSeenAt: at })
    .where(eq(roomMembers.id, memberId));
}

export async function setMemberLeft(db: Executor, memberId: string, at: Date, removed = false) {
  await db
    .update(roomMembers)
    .set(removed ? { leftAt: at, removedAt: at } : { leftAt: at })
    .where(eq(roomMembers.id, memberId));
}

/** Members in the room now: joined, not left or removed, seen since `since`; earliest first. */
export async function presentMembers(db: Executor, roomId: string, since: Date) {
  const rows = await db
    .select(memberColumns)
    .from(roomMembers)
    .leftJoin(users, eq(users.id, roomMembers.userId))
    .where(
      and(
        eq(roomMembers.roomId, roomId),
        isNull(roomMembers.leftAt),
        isNull(roomMembers.removedAt),
        gt(roomMembers.lastSeenAt, since),
      ),
    )
    .orderBy(asc(roomMembers.joinedAt))
    .limit(500);
  return rows as MemberRow[];
}

/** The open rooms a user is in (not left), and whether they host each. */
export async function roomsOfUser(db: Executor, userId: string) {
  return db
    .select({ roomId: roomMembers.roomId, memberId: roomMembers.id, hostMemberId: rooms.hostMemberId })
    .from(roomMembers)
    .innerJoin(rooms, eq(rooms.id, roomMembers.roomId))
    .where(and(eq(roomMembers.userId, userId), isNull(roomMembers.leftAt), eq(rooms.status, 'open')));
}

/** Open rooms whose host row is gone (its account was deleted). */
export async function roomsWithoutHost(db: Executor) {
  return db
    .select({ id: rooms.id, kind: rooms.kind })
    .from(rooms)
    .where(
      and(
        eq(rooms.status, 'open'),
        sql`(${rooms.hostMemberId} is null or not exists (select 1 from room_members m where m.id = ${rooms.hostMemberId}))`,
      ),
    );
}

// Queue

export async function listQueue(db: Executor, roomId: string) {
  return db
    .select({
      id: roomQueueItems.id,
      trackId: roomQueueItems.trackId,
      position: roomQueueItems.position,
      addedBy: sql<
        string | null
      >`(select coalesce(u.display_name, m.guest_name, 'Someone') from room_members m left join users u on u.id = m.user_id where m.id = ${roomQueueItems.addedBy})`,
      title: audioContent.title,
      duration: audioContent.duration,
      coverKey: audioContent.coverKey,
      creatorName: users.displayName,
    })
    .from(roomQueueItems)
    .innerJoin(audioContent, eq(audioContent.id, roomQueueItems.trackId))
    .leftJoin(users, eq(users.id, audioContent.userId))
    .where(eq(roomQueueItems.roomId, roomId))
    .orderBy(asc(roomQueueItems.position));
}
export type QueueRow = Awaited<ReturnType<typeof listQueue>>[number];

export async function queueLength(db: Executor, roomId: string): Promise<{ count: number; last: number }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${roomQueueItems.position}), 0)::int` })
    .from(roomQueueItems)
    .where(eq(roomQueueItems.roomId, roomId));
  return row ?? { count: 0, last: 0 };
}

export async function appendQueue(tx: Tx, roomId: string, trackIds: string[], addedBy: string | null) {
  if (trackIds.length === 0) return [];
  const { last } = await queueLength(tx, roomId);
  return tx
    .insert(roomQueueItems)
    .values(trackIds.map((trackId, i) => ({ roomId, trackId, addedBy, position: last + 1 + i })))
    .returning({ id: roomQueueItems.id });
}

export async function findQueueItem(db: Executor, roomId: string, itemId: string) {
  const [row] = await db
    .select()
    .from(roomQueueItems)
    .where(and(eq(roomQueueItems.roomId, roomId), eq(roomQueueItems.id, itemId)));
  return row;
}

export async function deleteQueueItem(db: Executor, itemId: string) {
  await db.delete(roomQueueItems).where(eq(roomQueueItems.id, itemId));
}

/** The item after `position` (the next to play), if any. */
export async function nextQueueItem(db: Executor, roomId: string, afterPosition: number) {
  const [row] = await db
    .select({ id: roomQueueItems.id, trackId: roomQueueItems.trackId, duration: audioContent.duration })
    .from(roomQueueItems)
    .innerJoin(audioContent, eq(audioContent.id, roomQueueItems.trackId))
    .where(and(eq(roomQueueItems.roomId, roomId), gt(roomQueueItems.position, afterPosition)))
    .orderBy(asc(roomQueueItems.position))
    .limit(1);
  return row;
}

/** Removes a track from every queue; answers the rooms touched and whether it was playing there. */
export async function removeTrackFromQueues(db: Executor, trackId: string) {
  return db
    .delete(roomQueueItems)
    .where(eq(roomQueueItems.trackId, trackId))
    .returning({ roomId: roomQueueItems.roomId, itemId: roomQueueItems.id, position: roomQueueItems.position });
}

/** Tracks of the list everyone may see (public, ready, owner active, not removed), in the list's order. */
export async function discoverableTrackIds(db: Executor, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const ok = await db
    .select({ id: audioContent.id })
    .from(audioContent)
    .where(and(inArray(audioContent.id, ids), sql.raw(discoverableSql('audio_content'))));
  const set = new Set(ok.map((r) => r.id));
  return ids.filter((id) => set.has(id));
}

/** A playlist's tracks in order, if the viewer may see the playlist (public, or theirs). */
export async function playlistTrackIds(db: Executor, playlistId: string, viewerId: string) {
  const rows = (await db.execute(
    sql`select pt.audio_id as id from playlist_tracks pt join playlists p on p.id = pt.playlist_id
        where p.id = ${playlistId} and (p.is_public or p.user_id = ${viewerId}) order by pt.position`,
  )) as unknown as { rows: { id: string }[] };
  const exists = (await db.execute(
    sql`select 1 from playlists p where p.id = ${playlistId} and (p.is_public or p.user_id = ${viewerId})`,
  )) as unknown as { rows: unknown[] };
  return exists.rows.length ? rows.rows.map((r) => r.id) : null;
}

// Messages

export async function insertMessage(db: Executor, values: typeof roomMessages.$inferInsert) {
  const [row] = await db.insert(roomMessages).values(values).returning();
  return row;
}

export async function listMessages(db: Db, roomId: string, limit: number) {
  const rows = await db
    .select()
    .from(roomMessages)
    .where(and(eq(roomMessages.roomId, roomId), isNull(roomMessages.deletedAt), eq(roomMessages.kind, 'chat')))
    .orderBy(desc(roomMessages.createdAt))
    .limit(limit);
  return rows.reverse();
}

export async function findMessage(db: Db, roomId: string, id: string) {
  const [row] = await db
    .select()
    .from(roomMessages)
    .where(and(eq(roomMessages.roomId, roomId), eq(roomMessages.id, id)));
  return row;
}

export async function deleteMessage(db: Db, id: string, at: Date) {
  await db.update(roomMessages).set({ deletedAt: at }).where(eq(roomMessages.id, id));
}

/** A chat's lines in order, for the comments kept after a premiere. */
export async function chatLines(db: Executor, roomId: string) {
  return db
    .select({
      userId: roomMessages.userId,
      content: roomMessages.content,
      mediaMs: roomMessages.mediaMs,
      createdAt: roomMessages.createdAt,
    })
    .from(roomMessages)
    .where(and(eq(roomMessages.roomId, roomId), eq(roomMessages.kind, 'chat'), isNull(roomMessages.deletedAt)))
    .orderBy(asc(roomMessages.createdAt));
}

export async function trackTitle(db: Executor, trackId: string) {
  const [row] = await db
    .select({ title: audioContent.title, duration: audioContent.duration })
    .from(audioContent)
    .where(eq(audioContent.id, trackId));
  return row;
}
