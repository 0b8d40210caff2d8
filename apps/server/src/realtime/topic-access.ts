import { isUuid } from '@wavecast/shared';
import { loadVisibleTrack } from '../access/tracks';
import type { AppContext } from '../context';
import type { SessionUser } from '../lib/session';

export type TopicAccess = (topic: string, user: SessionUser | null) => Promise<boolean>;

/**
 * Who may subscribe to a topic: `user:{id}` only that user; `track:{id}` whoever may see the
 * track (access/tracks: the loader reads every fact), so a hidden track's comments reach nobody else.
 */
export function topicAccess(ctx: AppContext): TopicAccess {
  return async (topic, user) => {
    if (topic.startsWith('user:')) return user !== null && topic === `user:${user.id}`;
    if (topic.startsWith('track:')) {
      const id = topic.slice('track:'.length);
      if (!isUuid(id)) return false;
      return (await loadVisibleTrack(ctx.database, user?.id ?? null, id)) !== undefined;
    }
    return true;
  };
}
