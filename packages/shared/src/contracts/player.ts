import { z } from 'zod';
import { ZTrack } from './tracks';

/** A play counts once this much was really listened to: 30 s, or half a shorter track. */
export const PLAY_COUNT_MIN_SECONDS = 30;
/** At most one counted play per listener per track in this window. */
export const PLAY_COUNT_WINDOW_MINUTES = 30;
/** Tracks longer than this (podcasts, audiobooks) resume where the listener left off. */
export const RESUME_MIN_DURATION_SECONDS = 600;
/** Playback speed bounds and the steps offered in the player. */
export const PLAYBACK_RATE_MIN = 0.5;
export const PLAYBACK_RATE_MAX = 3;
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;
/** Arrow keys and the lock screen's skip buttons move this far. */
export const SEEK_STEP_SECONDS = 5;
export const HISTORY_PAGE_SIZE = 50;
export const CONTINUE_LISTENING_LIMIT = 12;

/** Seconds of listening needed before a play of a track of this duration counts. */
export function playCountThreshold(durationSeconds: number): number {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return PLAY_COUNT_MIN_SECONDS;
  return Math.min(PLAY_COUNT_MIN_SECONDS, durationSeconds / 2);
}

/** Whether a track's position is kept on the server (long-form listening). */
export function isLongForm(durationSeconds: number): boolean {
  return durationSeconds > RESUME_MIN_DURATION_SECONDS;
}

/** POST /api/plays: the player reports real listening of a track. */
export const ZPlayReport = z.object({
  trackId: z.string().min(1).max(100),
  /** Seconds actually listened in this play (not the position: seeking ahead does not count). */
  secondsListened: z
    .number()
    .min(0)
    .max(24 * 3600),
});
export type TPlayReport = z.infer<typeof ZPlayReport>;
export const ZPlayResult = z.object({ counted: z.boolean(), playCount: z.number().int() });
export type TPlayResult = z.infer<typeof ZPlayResult>;

export const ZTrackIdParams = z.object({ trackId: z.string().min(1).max(100) });

/** PUT /api/me/positions/:trackId */
export const ZPositionUpdate = z.object({
  positionSeconds: z
    .number()
    .min(0)
    .max(7 * 24 * 3600),
});
export const ZPosition = z.object({
  trackId: z.string(),
  positionSeconds: z.number(),
  updatedAt: z.string(),
});
export type TPosition = z.infer<typeof ZPosition>;
/** GET /api/me/positions: unfinished long tracks, most recent first ("Continue listening"). */
export const ZContinueItem = z.object({ track: ZTrack, positionSeconds: z.number(), updatedAt: z.string() });
export type TContinueItem = z.infer<typeof ZContinueItem>;
export const ZContinueList = z.object({ items: z.array(ZContinueItem) });
export type TContinueList = z.infer<typeof ZContinueList>;

/** GET /api/me/history: recently played tracks, most recent first, each once. */
export const ZHistoryItem = z.object({ track: ZTrack, playedAt: z.string() });
export type THistoryItem = z.infer<typeof ZHistoryItem>;
export const ZHistoryList = z.object({ items: z.array(ZHistoryItem) });
export type THistoryList = z.infer<typeof ZHistoryList>;
/** GET /api/me/positions/:trackId: where this listener left off (null when never saved). */
export const ZPositionResult = z.object({ positionSeconds: z.number().nullable() });
export type TPositionResult = z.infer<typeof ZPositionResult>;
