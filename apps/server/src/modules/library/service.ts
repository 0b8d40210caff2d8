import {
  LIBRARY_ACTIVITY_LIMIT,
  LIBRARY_FOLLOWING_LIMIT,
  LIBRARY_SHELF_LIMIT,
  RECENTLY_PLAYED_DAYS,
  type TLibrary,
} from '@wavecast/shared';
import type { AppContext } from '../../context';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import { presentTrack } from '../tracks/presenter';
import { presentActivity, presentFollowed, presentStats } from './presenter';
import * as repo from './repo';

/** "Your Library": everything it shows, for the signed-in user only. */
export const libraryService = perApp(makeLibraryService);

function makeLibraryService(ctx: AppContext) {
  const { database } = ctx;
  return { of: (user: SessionUser) => libraryOf(database, user) };
}

async function libraryOf(database: AppContext['database'], user: SessionUser): Promise<TLibrary> {
  const [stats, activity, liked, recent, following] = await Promise.all([
    repo.stats(database, user.id, RECENTLY_PLAYED_DAYS),
    repo.activity(database, user.id, LIBRARY_ACTIVITY_LIMIT),
    repo.likedTracks(database.db, user.id, LIBRARY_SHELF_LIMIT),
    repo.recentlyPlayed(database, database.db, user.id, LIBRARY_SHELF_LIMIT),
    repo.following(database, user.id, LIBRARY_FOLLOWING_LIMIT),
  ]);
  return {
    stats: presentStats(stats),
    activity: activity.map(presentActivity),
    likedTracks: liked.map((r) => presentTrack(r.track, r.creator, { viewerId: user.id, liked: true })),
    recentlyPlayed: recent.map((r) => ({
      track: presentTrack(r.track, r.creator, { viewerId: user.id }),
      playedAt: r.playedAt.toISOString(),
    })),
    following: following.map(presentFollowed),
  };
}
