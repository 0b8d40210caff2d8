import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { audioContent, type users } from '../../db/schema';

export type TrackRow = typeof audioContent.$inferSelect;
export type CreatorRow = Pick<typeof users.$inferSelect, 'id' | 'displayName' | 'avatarUrl'>;
export type RawRow = Record<string, unknown>;

const TRACK_COLUMNS = Object.entries(getTableColumns(audioContent)) as [keyof TrackRow, PgColumn][];

/**
 * The select list of a whole track as `a."user_id" AS "userId", …`, so raw SQL rows come back keyed
 * like Drizzle rows (and stay in step with the schema). The track table must be aliased `a`, its
 * creator (users) `u`.
 */
export const TRACK_SELECT = [
  ...TRACK_COLUMNS.map(([key, col]) => `a."${col.name}" AS "${key}"`),
  'u.display_name AS "creatorName"',
  'u.avatar_url AS "creatorAvatar"',
].join(', ');

/** A raw row of TRACK_SELECT as the Drizzle row and creator that `presentTrack` takes. */
export function toTrack(raw: RawRow): { row: TrackRow; creator: CreatorRow } {
  const row = {} as Record<string, unknown>;
  for (const [key, col] of TRACK_COLUMNS) {
    const v = raw[key];
    row[key] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
  }
  const track = row as TrackRow;
  return {
    row: track,
    creator: {
      id: track.userId,
      displayName: (raw.creatorName as string | null) ?? null,
      avatarUrl: (raw.creatorAvatar as string | null) ?? null,
    },
  };
}

/** Escapes LIKE wildcards so user input is matched literally. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
