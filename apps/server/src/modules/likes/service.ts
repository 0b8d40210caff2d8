import { LIKED_IDS_LIMIT } from '@wavecast/shared';
import { loadVisibleTrack } from '../../access/tracks';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import { decodeCursor, encodeCursor } from './cursor';
import { addLike, likedIds, listLiked, removeLike } from './repo';

/** Likes persist per user; PUT and DELETE are idempotent and keep audio_content.like_count in step. */
export const likeService = perApp(makeLikeService);

function makeLikeService(ctx: AppContext) {
  const { db } = ctx.database;
  return {
    async like(user: SessionUser, trackId: string) {
      const track = await loadVisibleTrack(ctx.database, user.id, trackId);
      if (!track) throw notFound('Audio');
      const { likeCount, added } = await addLike(db, user.id, track.id);
      // Only a new like is news (a repeated PUT is not); the owner hears of it as a notification.
      if (added) await ctx.bus.publish(`track:${track.id}`, 'track.liked', { trackId: track.id, userId: user.id });
      return { trackId: track.id, liked: true, likeCount };
    },

    /** Same visibility as liking: a track the user cannot see is not found (its count stays hidden). */
    async unlike(user: SessionUser, trackId: string) {
      const track = await loadVisibleTrack(ctx.database, user.id, trackId);
      if (!track) throw notFound('Audio');
      return { trackId: track.id, liked: false, likeCount: await removeLike(db, user.id, track.id) };
    },

    async list(user: SessionUser, opts: { limit: number; cursor?: string }) {
      const rows = await listLiked(db, user.id, { limit: opts.limit + 1, after: decodeCursor(opts.cursor) });
      const page = rows.slice(0, opts.limit);
      const last = page.at(-1);
      return {
        rows: page,
        nextCursor: rows.length > opts.limit && last ? encodeCursor(last.likedAt, last.track.id) : null,
      };
    },

    ids: (user: SessionUser) => likedIds(db, user.id, LIKED_IDS_LIMIT),
  };
}
