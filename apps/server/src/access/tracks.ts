import { isUuid } from '@wavecast/shared';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { audioContent } from '../db/schema';

/**
 * Who may see a track, written once: everyone sees a public, ready track; its owner sees it in
 * every state (processing, failed, private). Others get 404, never 403: a hidden track does not
 * exist for them. The rule in TypeScript, the same rule in SQL, and the loader they share.
 */

/** Type-only: no value carries it, so only `toTrackFacts` makes a TrackFacts. */
export declare const trackFactsBrand: unique symbol;

/** The facts a visibility decision reads, each required: a reader cannot leave one out. */
export interface TrackFactsRow {
  id: string;
  userId: string;
  isPublic: boolean;
  status: (typeof audioContent.$inferSelect)['status'];
  /** The owner's account is suspended (admin): hidden from everyone else meanwhile. */
  ownerSuspended: boolean;
  /** An admin removed it after reports (moderation): hidden from everyone but its owner. */
  removed: boolean;
}

/**
 * Facts that came from the database through `trackFactsColumns` (or the loader) and `toTrackFacts`,
 * never a row put together by hand: the rule below accepts only these.
 */
export type TrackFacts = TrackFactsRow & { readonly [trackFactsBrand]: 'TrackFacts' };

/** Brands the facts of a row selected with `trackFactsColumns` (only the facts; spread them beside the row). */
export const toTrackFacts = ({ id, userId, isPublic, status, ownerSuspended, removed }: TrackFactsRow): TrackFacts =>
  ({ id, userId, isPublic, status, ownerSuspended, removed }) as TrackFacts;

/** What callers commonly need beside the facts (the loader's answer). */
export type TrackAccess = TrackFacts & {
  duration: number;
  playCount: number;
  likeCount: number;
  allowDownloads: boolean;
};

export function canSeeTrack(viewerId: string | null, track: TrackFacts): boolean {
  return isDiscoverable(track) || (viewerId !== null && track.userId === viewerId);
}

/** Visible to everyone (and so cacheable by anyone, and listed in discovery); never while its owner is suspended. */
export const isDiscoverable = (track: TrackFacts) =>
  track.isPublic && track.status === 'ready' && !track.ownerSuspended && !track.removed;

/**
 * `isDiscoverable` in SQL, for the track table under `alias`. The partial indexes repeat its first
 * two terms; the owner check only narrows them, so they still apply.
 */
export const discoverableSql = (alias = 'a') =>
  `${alias}.is_public AND ${alias}.status = 'ready' AND ${ownerActiveSql(`${alias}.user_id`)} AND ${notRemovedSql(alias)}`;

/** The track under `alias` is not removed by moderation (moderation/service.ts). */
const notRemovedSql = (alias: string) =>
  `NOT EXISTS (SELECT 1 FROM content_removals cr WHERE cr.target_type = 'track' AND cr.target_id = ${alias}.id::text AND cr.restored_at IS NULL)`;

/** The user under `userIdSql` is not suspended (their tracks, profile and streams are hidden meanwhile). */
export const ownerActiveSql = (userIdSql: string) =>
  `NOT EXISTS (SELECT 1 FROM users su WHERE su.id = ${userIdSql} AND su.suspended_at IS NOT NULL)`;

/** `canSeeTrack` in SQL: `viewerParam` is the placeholder holding the viewer's id (null: anonymous). */
export const visibleSql = (alias: string, viewerParam: string) =>
  `((${discoverableSql(alias)}) OR ${alias}.user_id = ${viewerParam})`;

/** `canSeeTrack` for Drizzle queries over `audio_content`. */
export function visibleWhere(viewerId: string | null): SQL | undefined {
  const discoverable = and(
    eq(audioContent.isPublic, true),
    eq(audioContent.status, 'ready'),
    sql`NOT ${ownerSuspendedSql}`,
    sql`NOT ${removedSql}`,
  );
  return viewerId ? or(discoverable, eq(audioContent.userId, viewerId)) : discoverable;
}

// The track's column stays outside the subqueries: in a one-table select Drizzle writes it
// unqualified ("id"), which inside a subquery would name the subquery's own column.

/** `removed` of TrackFacts, for Drizzle selects over `audio_content`. */
export const removedSql =
  sql<boolean>`(${audioContent.id}::text IN (SELECT cr.target_id FROM content_removals cr WHERE cr.target_type = 'track' AND cr.restored_at IS NULL))`.mapWith(
    Boolean,
  );

/** The user in `userId` is suspended: `ownerActiveSql` negated, for Drizzle selects over any table (live streams too). */
export const ownerSuspendedOf = (userId: AnyPgColumn) =>
  sql<boolean>`(${userId} IN (SELECT su.id FROM users su WHERE su.suspended_at IS NOT NULL))`.mapWith(Boolean);

/** `ownerSuspended` of TrackFacts, for Drizzle selects over `audio_content` (no join needed). */
const ownerSuspendedSql = ownerSuspendedOf(audioContent.userId);

/** The one column set a Drizzle select over `audio_content` takes for `toTrackFacts`. */
export const trackFactsColumns = {
  id: audioContent.id,
  userId: audioContent.userId,
  isPublic: audioContent.isPublic,
  status: audioContent.status,
  ownerSuspended: ownerSuspendedSql,
  removed: removedSql,
};

/** The access facts of a track; undefined when there is none (ids that are no UUID cannot exist). */
export async function loadTrackAccess(database: Database, trackId: string): Promise<TrackAccess | undefined> {
  if (!isUuid(trackId)) return undefined;
  const [row] = await database.db
    .select({
      ...trackFactsColumns,
      duration: audioContent.duration,
      playCount: audioContent.playCount,
      likeCount: audioContent.likeCount,
      allowDownloads: audioContent.allowDownloads,
    })
    .from(audioContent)
    .where(eq(audioContent.id, trackId));
  return row ? { ...row, ...toTrackFacts(row) } : undefined;
}

/** Loads a track the viewer may see; undefined for a missing one and for one hidden from them. */
export async function loadVisibleTrack(
  database: Database,
  viewerId: string | null,
  trackId: string,
): Promise<TrackAccess | undefined> {
  const track = await loadTrackAccess(database, trackId);
  return track && canSeeTrack(viewerId, track) ? track : undefined;
}
