import { isUuid } from '@wavecast/shared';
import { canSeeTrack } from '../access/tracks';
import type { AppContext } from '../context';
import type { SessionUser } from '../lib/session';
import { findTrack } from '../modules/tracks/repo';

export type TopicAccess = (topic: string, user: SessionUser | null) => Promise<boolean>;

/**
 * Who may subscribe to a topic: `user:{id}` only that user; `track:{id}` whoever may see the
 * track (the rule of tracks/policy.ts), so a private track's comments reach nobody else.
 */
export function topicAccess(ctx: AppContext): TopicAccess {
  return async (topic, user) => {
    if (topic.startsWith('user:')) return user !== null && topic === `user:${user.id}`;
    if (topic.startsWith('track:')) {
      const id = topic.slice('track:'.length);
      if (!isUuid(id)) return false;
      const track = await findTrack(ctx.database, id);
      return track !== null && canSeeTrack(user?.id ?? null, track);
    }
    return true;
  };
}
