import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { discoverableSql, ownerActiveSql } from '../../access/tracks';
import type { Db } from '../../db/client';
import {
  audioContent,
  playlists,
  playlistTracks,
  radioAirings,
  radioChannels,
  radioJingles,
  radioRotations,
  radioSlots,
  users,
} from '../../db/schema';
import { radioPlaysByTrack } from '../analytics/radio-repo';

/** Rows of a raw statement (PGlite and node-postgres both answer `{ rows }`). */
const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

export type ChannelRow = typeof radioChannels.$inferSelect;
export type ChannelInsert = typeof radioChannels.$inferInsert;
export interface OwnerFacts {
  id: string;
  displayName: string | null;
  avatarUrl: string | null;
  suspended: boolean;
}
export interface ChannelWithOwner {
  channel: ChannelRow;
  owner: OwnerFacts;
}

const ownerColumns = {
  id: users.id,
  displayName: users.displayName,
  avatarUrl: users.avatarUrl,
  suspended: sql<boolean>`${users.suspendedAt} IS NOT NULL`.mapWith(Boolean),
};

export const countChannels = async (db: Db, userId: string) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(radioChannels).where(eq(radioChannels.userId, userId)))[0]
    ?.n ?? 0;

export async function insertChannel(db: Db, values: ChannelInsert): Promise<ChannelRow> {
  const [row] = await db.insert(radioChannels).values(values).returning();
  if (!row) throw new Error('radio channel insert returned nothing');
  return row;
}

export async function findChannel(db: Db, id: string): Promise<ChannelWithOwner | undefined> {
  const [row] = await db
    .select({ channel: radioChannels, owner: ownerColumns })
    .from(radioChannels)
    .innerJoin(users, eq(users.id, radioChannels.userId))
    .where(eq(radioChannels.id, id));
  return row;
}

export const listOwn = (db: Db, userId: string) =>
  db
    .select({ channel: radioChannels, owner: ownerColumns })
    .from(radioChannels)
    .innerJoin(users, eq(users.id, radioChannels.userId))
    .where(eq(radioChannels.userId, userId))
    .orderBy(asc(radioChannels.createdAt));

/**
 * Channels on air whose owner is active, most listened first; `q` matches name or description,
 * `categories` (live categories) narrows them.
 */
export const listOnAir = (db: Db, limit: number, q?: string, categories?: string[]) =>
  db
    .select({ channel: radioChannels, owner: ownerColumns })
    .from(radioChannels)
    .innerJoin(users, eq(users.id, radioChannels.userId))
    .where(
      and(
        eq(radioChannels.onAir, true),
        sql.raw(ownerActiveSql('radio_channels.user_id')),
        q
          ? sql`(${radioChannels.name} ILIKE ${`%${escapeLike(q)}%`} OR ${radioChannels.description} ILIKE ${`%${escapeLike(q)}%`} OR ${radioChannels.category} ILIKE ${escapeLike(q)})`
          : undefined,
        categories ? inArray(radioChannels.category, categories) : undefined,
      ),
    )
    .orderBy(desc(radioChannels.listenerCount), asc(radioChannels.createdAt))
    .limit(limit);

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function updateChannel(db: Db, id: string, fields: Partial<ChannelInsert>) {
  const [row] = await db
    .update(radioChannels)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(radioChannels.id, id))
    .returning();
  return row;
}

export const deleteChannel = (db: Db, id: string) => db.delete(radioChannels).where(eq(radioChannels.id, id));

/** Playlists among `ids` and their owners (to check a rotation holds only the creator's own). */
export const playlistOwners = (db: Db, ids: string[]) =>
  ids.length
    ? db.select({ id: playlists.id, userId: playlists.userId }).from(playlists).where(inArray(playlists.id, ids))
    : Promise.resolve([]);

export const trackOwners = (db: Db, ids: string[]) =>
  ids.length
    ? db
        .select({ id: audioContent.id, userId: audioContent.userId })
        .from(audioContent)
        .where(inArray(audioContent.id, ids))
    : Promise.resolve([]);

export interface ProgramRows {
  rotations: { playlistId: string; weight: number }[];
  slots: Omit<typeof radioSlots.$inferInsert, 'channelId' | 'id'>[];
  jingleTrackIds: string[];
}

/** Replaces the channel's rotations, slots and jingles (in the caller's transaction). */
export async function replaceProgram(tx: Db, channelId: string, p: ProgramRows) {
  await tx.delete(radioRotations).where(eq(radioRotations.channelId, channelId));
  await tx.delete(radioSlots).where(eq(radioSlots.channelId, channelId));
  await tx.delete(radioJingles).where(eq(radioJingles.channelId, channelId));
  if (p.rotations.length)
    await tx.insert(radioRotations).values(p.rotations.map((r, position) => ({ channelId, position, ...r })));
  if (p.slots.length) await tx.insert(radioSlots).values(p.slots.map((s) => ({ channelId, ...s })));
  if (p.jingleTrackIds.length)
    await tx
      .insert(radioJingles)
      .values(p.jingleTrackIds.map((audioId, position) => ({ channelId, audioId, position })));
}

export async function readProgram(db: Db, channelId: string) {
  const [rotations, slots, jingles] = await Promise.all([
    db
      .select({
        playlistId: radioRotations.playlistId,
        weight: radioRotations.weight,
        playlistName: playlists.name,
        trackCount: sql<number>`(SELECT count(*)::int FROM playlist_tracks pt WHERE pt.playlist_id = ${radioRotations.playlistId})`,
      })
      .from(radioRotations)
      .innerJoin(playlists, eq(playlists.id, radioRotations.playlistId))
      .where(eq(radioRotations.channelId, channelId))
      .orderBy(asc(radioRotations.position)),
    db
      .select()
      .from(radioSlots)
      .where(eq(radioSlots.channelId, channelId))
      .orderBy(asc(radioSlots.day), asc(radioSlots.startMinute)),
    db
      .select({ trackId: radioJingles.audioId, title: audioContent.title })
      .from(radioJingles)
      .innerJoin(audioContent, eq(audioContent.id, radioJingles.audioId))
      .where(eq(radioJingles.channelId, channelId))
      .orderBy(asc(radioJingles.position)),
  ]);
  return { rotations, slots, jingles };
}

/**
 * The tracks the auto-DJ may play from a channel's rotation playlists: only those everyone may
 * hear now (the visibility rule in SQL), so a hidden or removed track leaves the rotation at once.
 */
export async function rotationPool(db: Db, channelId: string) {
  type PoolRow = {
    playlist_id: string;
    weight: number;
    track_id: string;
    title: string;
    artist_id: string;
    artist: string | null;
    duration: number;
  };
  const res = await db.execute(sql`
    SELECT r.playlist_id, r.weight, a.id AS track_id, a.title, a.user_id AS artist_id, u.display_name AS artist, a.duration
    FROM radio_rotations r
    JOIN playlist_tracks pt ON pt.playlist_id = r.playlist_id
    JOIN audio_content a ON a.id = pt.audio_id
    JOIN users u ON u.id = a.user_id
    WHERE r.channel_id = ${channelId} AND ${sql.raw(discoverableSql('a'))}
    ORDER BY r.position, pt.position`);
  return rowsOf<PoolRow>(res);
}

export const findByKeyHash = async (db: Db, keyHash: string) =>
  (
    await db
      .select({ channel: radioChannels, owner: ownerColumns })
      .from(radioChannels)
      .innerJoin(users, eq(users.id, radioChannels.userId))
      .where(eq(radioChannels.keyHash, keyHash))
  )[0];

/** Records an airing once per (channel, start): a repeated report changes nothing. */
export async function insertAiring(db: Db, row: typeof radioAirings.$inferInsert) {
  const inserted = await db.insert(radioAirings).values(row).onConflictDoNothing().returning({ id: radioAirings.id });
  return inserted.length > 0;
}

export const history = (db: Db, channelId: string, limit: number) =>
  db
    .select()
    .from(radioAirings)
    .where(eq(radioAirings.channelId, channelId))
    .orderBy(desc(radioAirings.startedAt))
    .limit(limit);

/** The playable tracks (visible to everyone) of these playlists, in playlist order. */
export async function playlistTracksPlayable(db: Db, playlistIds: string[]) {
  if (playlistIds.length === 0) return [];
  const res = await db.execute(sql`
    SELECT pt.playlist_id, pt.audio_id AS track_id
    FROM playlist_tracks pt JOIN audio_content a ON a.id = pt.audio_id
    WHERE pt.playlist_id IN (${sql.join(
      playlistIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) AND ${sql.raw(discoverableSql('a'))}
    ORDER BY pt.playlist_id, pt.position`);
  return rowsOf<{ playlist_id: string; track_id: string }>(res);
}

/** Channels on air (the process starting up takes those nobody holds). */
export const onAirChannelIds = async (db: Db) =>
  (await db.select({ id: radioChannels.id }).from(radioChannels).where(eq(radioChannels.onAir, true))).map((r) => r.id);

/**
 * Radio plays of a creator's tracks on any channel in [since, until): one per listener and airing
 * heard for the play threshold, by the definition analytics and earnings share (`radioPlaysByTrack`).
 */
export async function radioPlaysOf(db: Db, ownerId: string, since: Date, until: Date) {
  const plays = await radioPlaysByTrack(db, ownerId, since.toISOString(), until.toISOString());
  return [...plays].map(([audio_id, n]) => ({ audio_id, plays: n }));
}

/** Takes the account's channels off air; returns their ids (the ones that were on air). */
export async function offAirForAccount(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .update(radioChannels)
    .set({ onAir: false, onAirAt: null, streamId: null, listenerCount: 0, nowPlaying: null })
    .where(and(eq(radioChannels.userId, userId), eq(radioChannels.onAir, true)))
    .returning({ id: radioChannels.id });
  return rows.map((r) => r.id);
}

/** A hidden track leaves every channel's jingles (and going-live jingle); returns the channels that had it. */
export async function dropJingle(db: Db, audioId: string): Promise<string[]> {
  const rows = await db
    .delete(radioJingles)
    .where(eq(radioJingles.audioId, audioId))
    .returning({ channelId: radioJingles.channelId });
  // As the going-live jingle too.
  const live = await db
    .update(radioChannels)
    .set({ goingLiveTrackId: null })
    .where(eq(radioChannels.goingLiveTrackId, audioId))
    .returning({ channelId: radioChannels.id });
  return [...new Set([...rows, ...live].map((r) => r.channelId))];
}

/** Channels whose rotation plays a playlist holding the track (their queued items must be replanned). */
export async function channelsPlaying(db: Db, audioId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: radioRotations.channelId })
    .from(radioRotations)
    .innerJoin(playlistTracks, eq(playlistTracks.playlistId, radioRotations.playlistId))
    .where(eq(playlistTracks.audioId, audioId));
  return rows.map((r) => r.id);
}
