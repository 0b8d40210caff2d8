import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { audioContent, listenEvents } from '../../db/schema';

export type Listener = { userId: string; anonymousId: null } | { userId: null; anonymousId: string };

/** How analytics keys a listener's raw listening (`u:<user id>` / `a:<anonymous id>`). */
export const listenerKey = (l: Listener): string => (l.userId ? `u:${l.userId}` : `a:${l.anonymousId}`);

/**
 * Counts a play unless this listener already has one for the track since `since`. The track row
 * is locked first, so two reports of the same play cannot both pass the check.
 */
export async function countPlayOnce(
  db: Db,
  v: { trackId: string; listener: Listener; secondsListened: number; since: Date },
): Promise<{ counted: boolean; playCount: number }> {
  return db.transaction(async (tx) => {
    const [track] = await tx
      .select({ playCount: audioContent.playCount })
      .from(audioContent)
      .where(eq(audioContent.id, v.trackId))
      .for('update');
    if (!track) return { counted: false, playCount: 0 };
    const { userId, anonymousId } = v.listener;
    const who = userId
      ? eq(listenEvents.userId, userId)
      : and(isNull(listenEvents.userId), eq(listenEvents.anonymousId, anonymousId ?? ''));
    const [recent] = await tx
      .select({ id: listenEvents.id })
      .from(listenEvents)
      .where(and(eq(listenEvents.audioId, v.trackId), who, gt(listenEvents.createdAt, v.since)))
      .limit(1);
    if (recent) return { counted: false, playCount: track.playCount };
    await tx.insert(listenEvents).values({
      audioId: v.trackId,
      userId: v.listener.userId,
      anonymousId: v.listener.anonymousId,
      secondsListened: v.secondsListened,
    });
    const [updated] = await tx
      .update(audioContent)
      .set({ playCount: sql`${audioContent.playCount} + 1` })
      .where(eq(audioContent.id, v.trackId))
      .returning({ playCount: audioContent.playCount });
    return { counted: true, playCount: updated?.playCount ?? track.playCount + 1 };
  });
}
