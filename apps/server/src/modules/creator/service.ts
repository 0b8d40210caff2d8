import { CREATOR_ACTIVITY_LIMIT } from '@wavecast/shared';
import type { AppContext } from '../../context';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import { presentActivity, presentStats } from './presenter';
import * as repo from './repo';

/** The creator dashboard: real figures and real recent events of the signed-in creator. */
export const creatorDashboard = perApp(makeCreatorDashboard);

function makeCreatorDashboard(ctx: AppContext) {
  const database = ctx.database;
  return {
    async stats(user: SessionUser) {
      return presentStats(await repo.creatorStats(database, user.id));
    },
    async activity(user: SessionUser) {
      const limit = CREATOR_ACTIVITY_LIMIT;
      const [follows, comments, milestones] = await Promise.all([
        repo.recentFollowers(database, user.id, limit),
        repo.recentComments(database, user.id, limit),
        repo.recentMilestones(database, user.id, limit),
      ]);
      return { items: presentActivity({ follows, comments, milestones }, limit) };
    },
  };
}
