import type { TRepostState } from '@wavecast/shared';
import { loadVisibleTrack } from '../../access/tracks';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import { addRepost, removeRepost, repostState } from './repo';

export const REPOST_OWN_MESSAGE = 'You cannot repost your own track';

/**
 * Reposts mirror likes: PUT and DELETE are idempotent and keep audio_content.repost_count in step;
 * a new repost is announced (`track.reposted`: the creator's notification). What a repost shows in
 * feeds is decided when the feed is read (the track and the reposter visible then), so nothing is
 * cached here for a lifecycle event to clear.
 */
export const repostService = perApp(makeRepostService);

function makeRepostService(ctx: AppContext) {
  const { db } = ctx.database;
  const visible = async (viewerId: string | null, trackId: string) => {
    const track = await loadVisibleTrack(ctx.database, viewerId, trackId);
    if (!track) throw notFound('Audio');
    return track;
  };
  return {
    async repost(user: SessionUser, trackId: string): Promise<TRepostState> {
      const track = await visible(user.id, trackId);
      // A creator's own upload already reaches their followers; and a private track cannot be shared.
      if (track.userId === user.id) throw badRequest(REPOST_OWN_MESSAGE);
      const { repostCount, added } = await addRepost(db, user.id, track.id);
      if (added) await ctx.bus.publish(`track:${track.id}`, 'track.reposted', { trackId: track.id, userId: user.id });
      return { trackId: track.id, reposted: true, repostCount };
    },

    async unrepost(user: SessionUser, trackId: string): Promise<TRepostState> {
      const track = await visible(user.id, trackId);
      return { trackId: track.id, reposted: false, repostCount: await removeRepost(db, user.id, track.id) };
    },

    async state(viewerId: string | null, trackId: string): Promise<TRepostState> {
      const track = await visible(viewerId, trackId);
      return { trackId: track.id, ...(await repostState(db, viewerId, track.id)) };
    },
  };
}
