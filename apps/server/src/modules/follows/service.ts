import type { TFollowState } from '@wavecast/shared';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import { canFollow } from './policy';
import * as repo from './repo';

export const FOLLOW_SELF_MESSAGE = 'You cannot follow yourself';

/** Follow and unfollow: idempotent; a new follow is announced on the followed user's topic. */
export const followService = perApp(makeFollowService);

function makeFollowService(ctx: AppContext) {
  const db = ctx.database.db;
  async function target(user: SessionUser, id: string) {
    if (!canFollow(user.id, id)) throw badRequest(FOLLOW_SELF_MESSAGE);
    if (!(await repo.userExists(db, id))) throw notFound('User');
  }
  return {
    async follow(user: SessionUser, id: string): Promise<TFollowState> {
      await target(user, id);
      const created = await repo.insertFollow(db, user.id, id);
      // Only a new follow notifies (the notifications module listens for it).
      if (created) await ctx.bus.publish(`user:${id}`, 'user.followed', { followerId: user.id, followingId: id });
      return { following: true, followerCount: await repo.followerCount(db, id) };
    },
    async unfollow(user: SessionUser, id: string): Promise<TFollowState> {
      await target(user, id);
      await repo.deleteFollow(db, user.id, id);
      return { following: false, followerCount: await repo.followerCount(db, id) };
    },
  };
}
