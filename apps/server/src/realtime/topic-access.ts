import { isUuid } from '@wavecast/shared';
import { canSeeTrack, loadTrackAccess, type TrackFacts, toTrackFacts } from '../access/tracks';
import type { AppContext } from '../context';
import { concurrencyLimit } from '../lib/concurrency-limit';
import { perApp } from '../lib/per-app';
import type { SessionUser } from '../lib/session';
import { SingleFlightCache } from '../lib/single-flight-cache';

/** `token`: what the subscribe message carried besides the topic (a room guest's token). */
export type TopicAccess = (topic: string, user: SessionUser | null, token?: string | null) => Promise<boolean>;

/** How long a track's visibility facts answer subscriptions without asking the database again. */
export const TOPIC_FACTS_TTL_MS = 5_000;
/** Tracks whose facts are kept at most (the oldest go first): a flood of made-up ids stays small. */
export const TOPIC_FACTS_MAX = 10_000;
/** Topic lookups under way at once per process: ordinary requests never queue behind more. */
export const TOPIC_LOOKUPS_AT_ONCE = 2;

/**
 * Who may subscribe to a topic: `user:{id}` only that user; `track:{id}` whoever may see the
 * track (access/tracks), so a hidden track's comments reach nobody else. A track's facts come from
 * a per-process memory (a few seconds; one lookup per track however many sockets ask at once), so
 * a burst of subscriptions costs the database one query per track, not one per message, and at
 * most TOPIC_LOOKUPS_AT_ONCE of those run at a time (made-up ids miss the memory). The spine
 * drops them on every process when a track or its owner changes: the memory never widens access.
 * `room:{id}` is refused here: app.ts asks the rooms module first (modules/rooms/topic-access.ts).
 */
export const topicAccess = perApp(makeTopicAccess);

function makeTopicAccess(ctx: AppContext): TopicAccess {
  const facts = new SingleFlightCache<TrackFacts | null>(TOPIC_FACTS_TTL_MS, TOPIC_FACTS_MAX);
  const limited = concurrencyLimit(TOPIC_LOOKUPS_AT_ONCE);
  const forgetTrack = ({ payload }: { payload: { trackId: string } }) => facts.delete(payload.trackId);
  ctx.events.on('track.changed', forgetTrack);
  ctx.events.on('track.hidden', forgetTrack);
  ctx.events.on('track.shown', forgetTrack);
  // Facts carry the owner's suspension: any owner change drops them all (rare next to subscriptions).
  const forgetAll = () => facts.clear();
  ctx.events.on('account.suspended', forgetAll);
  ctx.events.on('account.restored', forgetAll);
  ctx.events.on('account.deleted', forgetAll);

  return async (topic, user) => {
    if (topic.startsWith('user:')) return user !== null && topic === `user:${user.id}`;
    if (topic.startsWith('track:')) {
      const id = topic.slice('track:'.length);
      if (!isUuid(id)) return false;
      const track = await facts.get(id, () =>
        limited(async () => {
          const found = await loadTrackAccess(ctx.database, id);
          return found ? toTrackFacts(found) : null;
        }),
      );
      return track !== null && canSeeTrack(user?.id ?? null, track);
    }
    // Rooms are for their members: the rooms module answers (app.ts joins it in); nobody here.
    if (topic.startsWith('room:')) return false;
    return true;
  };
}
