import { z } from 'zod';
import { ZListenReport } from './analytics';
import { ZTrack } from './tracks';

/** POST /api/plays: the player reports real listening of a track. */
export const ZPlayReport = z.object({
  trackId: z.string().min(1).max(100),
  /** Seconds actually listened in this play (not the position: seeking ahead does not count). */
  secondsListened: z
    .number()
    .min(0)
    .max(24 * 3600),
  /** Which 5-second buckets were heard, for creator analytics (see contracts/analytics). */
  listen: ZListenReport.optional(),
  /**
   * The embedded player's anonymous listener id (signed by the server, kept in the frame's own
   * storage): inside another site the SameSite=Lax listener cookie is not sent.
   */
  listenerToken: z.string().max(200).optional(),
});
export type TPlayReport = z.infer<typeof ZPlayReport>;
export const ZPlayResult = z.object({
  counted: z.boolean(),
  playCount: z.number().int(),
  /** A new anonymous listener's signed id (the embed keeps it; the main player relies on the cookie). */
  listenerToken: z.string().optional(),
});
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
