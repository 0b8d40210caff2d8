import type { AppContext } from '../../context';
import { claimAnnouncement } from './repo';

/**
 * Publishes `track.uploaded` on `user:{ownerId}` the first time a track is both ready and public
 * (after processing, or when a private upload or a live recording is published). At most once.
 */
export async function announceIfPublic(ctx: AppContext, trackId: string): Promise<boolean> {
  const claimed = await claimAnnouncement(ctx.database, trackId);
  if (!claimed) return false;
  await ctx.bus.publish(`user:${claimed.userId}`, 'track.uploaded', { trackId, userId: claimed.userId });
  return true;
}
