import {
  DEFAULT_PRIVACY_PREFS,
  PAGE_SIZES,
  type TActivity,
  type TFollowingPage,
  type TProfile,
  type TTrackPage,
} from '@wavecast/shared';
import type { AppContext } from '../../context';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import { decodeCursor, encodeCursor } from '../discovery/cursor';
import { presentTracks } from '../discovery/presenter';
import * as discovery from '../discovery/repo';
import * as follows from '../follows/repo';
import { canSeeFollowing, profileAccess } from './policy';
import { presentActivity, presentFollowing, presentProfile } from './presenter';
import * as repo from './repo';

export const PROFILE_PRIVATE_MESSAGE = 'This profile is private';
export const FOLLOWING_PRIVATE_MESSAGE = 'The following list is private';
const ACTIVITY_LIMIT = 20;
const FOLLOWING_PAGE = 50;

/** Public profile reads with the owner's privacy settings enforced. */
export const profileService = perApp(makeProfileService);

function makeProfileService(ctx: AppContext) {
  const { db } = ctx.database;

  /** The profile's row and what the viewer may see of it; 404 when missing, 403 when hidden. */
  async function access(viewer: SessionUser | null, id: string) {
    const row = await repo.findUser(db, id);
    // A suspended account's profile is hidden from everyone (admin/service.ts suspends).
    if (!row || row.suspendedAt) throw notFound('User');
    const isFollowing = viewer ? await follows.isFollowing(db, viewer.id, id) : false;
    const privacy = { ...DEFAULT_PRIVACY_PREFS, ...row.privacyPrefs };
    const can = profileAccess(viewer, id, privacy, isFollowing);
    if (!can.canView) throw new AppError('FORBIDDEN', PROFILE_PRIVATE_MESSAGE);
    return { row, can, isFollowing };
  }

  return {
    async get(viewer: SessionUser | null, id: string): Promise<TProfile> {
      const { row, can, isFollowing } = await access(viewer, id);
      const [followerCount, followingCount, trackCount] = await Promise.all([
        follows.followerCount(db, id),
        follows.followingCount(db, id),
        repo.publicTrackCount(db, id),
      ]);
      return presentProfile(row, {
        showEmail: can.showEmail,
        showFollowers: can.showFollowers,
        followerCount,
        followingCount,
        trackCount,
        isFollowing,
        isSelf: viewer?.id === id,
      });
    },

    /** The creator's public tracks, newest first (keyset pages). */
    async tracks(viewer: SessionUser | null, id: string, cursor: string | undefined): Promise<TTrackPage> {
      await access(viewer, id);
      const limit = PAGE_SIZES.exploreAudio;
      const rows = await discovery.listTracks(ctx.database, {
        userId: id,
        sort: 'recent',
        after: decodeCursor(cursor, 'recent'),
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const liked = viewer
        ? await discovery.likedAmong(
            ctx.database,
            viewer.id,
            page.map((r) => r.id as string),
          )
        : undefined;
      return {
        items: presentTracks(page, viewer?.id ?? null, liked),
        nextCursor:
          rows.length > limit && last ? encodeCursor('recent', last.sortKey as string, last.id as string) : null,
      };
    },

    /** Tracks the user reposted (public, like their likes in Activity), newest repost first. */
    async reposts(viewer: SessionUser | null, id: string, cursor: string | undefined): Promise<TTrackPage> {
      await access(viewer, id);
      const limit = PAGE_SIZES.profileReposts;
      const rows = await repo.listReposts(ctx.database, id, decodeCursor(cursor, 'reposts'), limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const liked = viewer
        ? await discovery.likedAmong(
            ctx.database,
            viewer.id,
            page.map((r) => r.id as string),
          )
        : undefined;
      return {
        items: presentTracks(page, viewer?.id ?? null, liked),
        nextCursor:
          rows.length > limit && last ? encodeCursor('reposts', last.repostKey as string, last.id as string) : null,
      };
    },

    /** Whom the user follows: only the user themself may see it. */
    async following(viewer: SessionUser | null, id: string, cursor: string | undefined): Promise<TFollowingPage> {
      await access(viewer, id);
      if (!canSeeFollowing(viewer, id)) throw forbidden(FOLLOWING_PRIVATE_MESSAGE);
      const rows = await repo.listFollowing(ctx.database, id, decodeCursor(cursor, 'following'), FOLLOWING_PAGE + 1);
      const page = rows.slice(0, FOLLOWING_PAGE);
      const last = page.at(-1);
      return {
        items: page.map(presentFollowing),
        nextCursor:
          rows.length > FOLLOWING_PAGE && last ? encodeCursor('following', last.sort_key, last.follow_id) : null,
      };
    },

    async activity(viewer: SessionUser | null, id: string): Promise<TActivity[]> {
      await access(viewer, id);
      return presentActivity(await repo.listActivity(ctx.database, id, ACTIVITY_LIMIT), viewer?.id ?? null);
    },
  };
}
