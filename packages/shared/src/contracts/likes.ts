import { z } from 'zod';
import { ZTrack } from './tracks';

/** PUT/DELETE /api/tracks/:id/like answer: the viewer's state and the new count. */
export const ZLikeState = z.object({ trackId: z.string(), liked: z.boolean(), likeCount: z.number().int() });
export type TLikeState = z.infer<typeof ZLikeState>;

/** GET /api/me/likes: liked tracks, most recently liked first. */
export const ZLikedTrack = z.object({ track: ZTrack, likedAt: z.string() });
export type TLikedTrack = z.infer<typeof ZLikedTrack>;
export const ZLikedList = z.object({ items: z.array(ZLikedTrack), nextCursor: z.string().nullable() });
export type TLikedList = z.infer<typeof ZLikedList>;
export const ZLikedQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** GET /api/me/likes/ids: every track id the viewer likes (so any card can show its heart). */
export const ZLikedIds = z.object({ ids: z.array(z.string()) });
export type TLikedIds = z.infer<typeof ZLikedIds>;
export const LIKED_IDS_LIMIT = 5000;
