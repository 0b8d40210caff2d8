import { isUuid } from '@wavecast/shared';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { concurrencyLimit } from '../../lib/concurrency-limit';
import type { SessionUser } from '../../lib/session';
import type { TopicAccess } from '../../realtime/topic-access';
import { hashGuestToken } from './guest-token';
import * as repo from './repo';

/**
 * Who may hear a room's topic (`room:{id}`, ADR 0058): its current members only, a user by their
 * account, a guest by the token their join answered (sent with the subscribe message). A removed
 * member, one who left, or anyone who only knows the id hears nothing; a closed room's members
 * still hear its closing.
 */
export async function mayHearRoom(
  database: Database,
  roomId: string,
  user: SessionUser | null,
  guestToken: string | null,
): Promise<boolean> {
  const room = await repo.findRoom(database.db, roomId);
  if (!room) return false;
  const member = user
    ? await repo.findUserMember(database.db, roomId, user.id)
    : guestToken
      ? await repo.findGuestMember(database.db, roomId, hashGuestToken(guestToken))
      : undefined;
  return !!member && !member.leftAt && !member.removedAt;
}

/** Lookups under way at once per process (as the track topics': requests never queue behind more). */
const LOOKUPS_AT_ONCE = 2;

/** `canSubscribe` with rooms' topics answered here, every other topic by `others`. */
export function withRoomTopics(ctx: AppContext, others: TopicAccess): TopicAccess {
  const limited = concurrencyLimit(LOOKUPS_AT_ONCE);
  return async (topic, user, token = null) => {
    if (!topic.startsWith('room:')) return others(topic, user, token);
    const id = topic.slice('room:'.length);
    return isUuid(id) && limited(() => mayHearRoom(ctx.database, id, user, token));
  };
}
