import type { TFeedPage, TTrack } from '@wavecast/shared';
import { loadVisibleTrack } from '../../access/tracks';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import { albumService } from '../albums/service';
import { presentTrack } from '../tracks/presenter';
import { decodeFeedCursor, encodeFeedCursor } from './cursor';
import { presentFeed } from './presenter';
import * as repo from './repo';

/**
 * The following feed, related tracks and the autoplay setting (issue 36). Everything is read with
 * the visibility rule applied in SQL at that moment (access/tracks), and nothing is kept in memory:
 * a lifecycle event (a track hidden, an account suspended or deleted) needs no subscriber here to
 * take effect on the next read. Deleted accounts' rows go with them (foreign keys cascade).
 */
export const feedService = perApp(makeFeedService);

function makeFeedService(ctx: AppContext) {
  const { db } = ctx.database;
  const albums = albumService(ctx);

  async function presentTracks(ids: string[], viewerId: string | null): Promise<Map<string, TTrack>> {
    const rows = await repo.tracksWithCreators(db, [...new Set(ids)]);
    return new Map(rows.map((r) => [r.track.id, presentTrack(r.track, r.creator, { viewerId })]));
  }

  return {
    async feed(user: SessionUser, opts: { limit: number; cursor?: string }): Promise<TFeedPage> {
      const rows = await repo.feedRows(ctx.database, user.id, {
        today: albums.today(),
        limit: opts.limit + 1,
        after: decodeFeedCursor(opts.cursor),
      });
      const page = rows.slice(0, opts.limit);
      const trackIds = page.flatMap((r) => (r.track_id ? [r.track_id] : []));
      const userIds = [...new Set(page.flatMap((r) => (r.reposter_id ? [r.reposter_id] : [])))];
      const albumIds = page.flatMap((r) => (r.album_id ? [r.album_id] : []));
      const [tracks, users, albumList] = await Promise.all([
        presentTracks(trackIds, user.id),
        repo.userSummaries(db, userIds),
        albums.summaries(albumIds),
      ]);
      const last = page.at(-1);
      return {
        items: presentFeed(page, {
          tracks,
          users: new Map(users.map((u) => [u.id, u])),
          albums: new Map(albumList.map((a) => [a.id, a])),
        }),
        nextCursor: rows.length > opts.limit && last ? encodeFeedCursor(new Date(last.at), last.item_id) : null,
      };
    },

    /** What to play after `trackId` (which the viewer must be able to see), best first. */
    async related(viewerId: string | null, trackId: string, opts: { exclude: string[]; limit: number }) {
      const seed = await loadVisibleTrack(ctx.database, viewerId, trackId);
      if (!seed) throw notFound('Audio');
      const ids = await repo.relatedTrackIds(ctx.database, seed.id, opts.exclude, opts.limit);
      const tracks = await presentTracks(ids, viewerId);
      return ids.flatMap((id) => {
        const t = tracks.get(id);
        return t ? [t] : [];
      });
    },

    autoplayRelated: (user: SessionUser) => repo.autoplayRelatedOf(db, user.id),
    setAutoplayRelated: (user: SessionUser, on: boolean) => repo.setAutoplayRelated(db, user.id, on),
  };
}
