import { z } from 'zod';
import { ZTrack, ZUserSummary } from './tracks';

/** "Recently Played" on the listener dashboard counts distinct tracks played in this many days. */
export const RECENTLY_PLAYED_DAYS = 30;
export const LIBRARY_ACTIVITY_LIMIT = 20;
export const LIBRARY_SHELF_LIMIT = 6;
export const LIBRARY_FOLLOWING_LIMIT = 12;

/** Hours listened from seconds, with one decimal (the dashboard card). */
export function hoursListened(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.round(seconds / 360) / 10;
}

export const ZLibraryStats = z.object({
  likedCount: z.number().int(),
  playlistCount: z.number().int(),
  /** Sum of listen_events.seconds_listened / 3600, one decimal. */
  hoursListened: z.number(),
  /** Distinct tracks played in the last RECENTLY_PLAYED_DAYS days. */
  recentlyPlayedCount: z.number().int(),
});
export type TLibraryStats = z.infer<typeof ZLibraryStats>;

const ActivityTrack = z.object({ id: z.string(), title: z.string() });
/** Something the user did, newest first. */
export const ZLibraryActivity = z.discriminatedUnion('type', [
  z.object({ type: z.literal('like'), at: z.string(), track: ActivityTrack }),
  z.object({ type: z.literal('comment'), at: z.string(), track: ActivityTrack, content: z.string() }),
  z.object({ type: z.literal('follow'), at: z.string(), user: ZUserSummary.extend({ role: z.string() }) }),
]);
export type TLibraryActivity = z.infer<typeof ZLibraryActivity>;

export const ZFollowedCreator = ZUserSummary.extend({ role: z.string(), followedAt: z.string() });
export type TFollowedCreator = z.infer<typeof ZFollowedCreator>;

/** GET /api/me/library */
export const ZLibrary = z.object({
  stats: ZLibraryStats,
  activity: z.array(ZLibraryActivity),
  likedTracks: z.array(ZTrack),
  recentlyPlayed: z.array(z.object({ track: ZTrack, playedAt: z.string() })),
  following: z.array(ZFollowedCreator),
});
export type TLibrary = z.infer<typeof ZLibrary>;
