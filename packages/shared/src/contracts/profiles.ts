import { z } from 'zod';
import { ZTrack, ZUserSummary } from './tracks';

/** A public profile as a viewer may see it (privacy settings applied on the server). */
export const ZProfile = z.object({
  id: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  website: z.string().nullable(),
  role: z.string(),
  createdAt: z.string(),
  /** Only when the user shows their email (or to the user themself). */
  email: z.string().nullable(),
  /** Null when the user hides their followers from others. */
  followerCount: z.number().int().nullable(),
  followingCount: z.number().int(),
  trackCount: z.number().int(),
  /** The signed-in viewer follows this user. */
  isFollowing: z.boolean(),
  /** The signed-in viewer is this user. */
  isSelf: z.boolean(),
});
export type TProfile = z.infer<typeof ZProfile>;

export const ZFollowState = z.object({
  following: z.boolean(),
  /** The followed user's follower count after the change. */
  followerCount: z.number().int(),
});
export type TFollowState = z.infer<typeof ZFollowState>;

export const ZFollowingPage = z.object({
  items: z.array(ZUserSummary.extend({ role: z.string() })),
  nextCursor: z.string().nullable(),
});
export type TFollowingPage = z.infer<typeof ZFollowingPage>;

/** One public thing a listener did: liked or commented on a track (whom they follow stays private). */
export const ZActivity = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('like'), at: z.string(), track: ZTrack }),
  z.object({ kind: z.literal('comment'), at: z.string(), track: ZTrack, comment: z.string() }),
]);
export type TActivity = z.infer<typeof ZActivity>;
export const ZActivityList = z.object({ items: z.array(ZActivity) });

export const ZCursorQuery = z.object({ cursor: z.string().max(200).optional() });
export const ZUserIdParams = z.object({ id: z.string().min(1).max(128) });
