import type { TFollowState } from '@wavecast/shared';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import { canFollow } from './policy';
import * as repo from './repo';

export const FOLLOW_SELF_MESSAGE = 'You cannot follow yourself';

/** Follow and unfollow: idempotent; a new follow, and any change of the follower
 * count, is announced on the followed user's topic. */
export const followService = perApp(makeFollowService);

function makeFollowService(ctx: AppContext) {
  const db = ctx.database.db;
  async function target(user: SessionUser, id: string) {
    if (!canFollow(user.id, id)) throw badRequest(FOLLOW_SELF_MESSAGE);
    if (!(await repo.userExists(db, id))) throw notFound('User');
  }
  /** The followed user's dashboard shows the new count live (a lost message only delays it to the next load). */
  async function announceFollowers(userId: string, followerCount: number) {
    await ctx.bus.publish(`user:${userId}`, 'user.followers', { userId, followerCount }).catch(() => {});
  }
  return {
    async follow(user: SessionUser, id: string): Promise<TFollowState> {
      await target(user, id);
      const created = await repo.insertFollow(db, user.id, id);
      // Only a new follow notifies (the notifications module listens for it).
      if (created) await ctx.bus.publish(`user:${id}`, 'user.followed', { followerId: user.id, followingId: id });
      const followerCount = await repo.followerCount(db, id);
      if (created) await announceFollowers(id, followerCount);
      return { following: true, followerCount };
    },
    async unfollow(user: SessionUser, id: string): Promise<TFollowState> {
      await target(user, id);
      const deleted = await repo.deleteFollow(db, user.id, id);
      const followerCount = await repo.followerCount(db, id);
      if (deleted) await announceFollowers(id, followerCount);
      return { following: false, followerCount };
    },
  };
}
