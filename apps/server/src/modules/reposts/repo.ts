import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { audioContent, reposts } from '../../db/schema';

/** Adds the repost if missing; the count moves only when a row was really inserted (idempotent). */
export async function addRepost(
  db: Db,
  userId: string,
  trackId: string,
): Promise<{ repostCount: number; added: boolean }> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(reposts)
      .values({ userId, audioId: trackId })
      .onConflictDoNothing()
      .returning({ userId: reposts.userId });
    const [row] = inserted.length
      ? await tx
          .update(audioContent)
          .set({ repostCount: sql`${audioContent.repostCount} + 1` })
          .where(eq(audioContent.id, trackId))
          .returning({ repostCount: audioContent.repostCount })
      : await tx
          .select({ repostCount: audioContent.repostCount })
          .from(audioContent)
          .where(eq(audioContent.id, trackId));
    return { repostCount: row?.repostCount ?? 0, added: inserted.length > 0 };
  });
}

/** Removes the repost if present; the count moves only when a row was really deleted. */
export async function removeRepost(db: Db, userId: string, trackId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(reposts)
      .where(and(eq(reposts.userId, userId), eq(reposts.audioId, trackId)))
      .returning({ userId: reposts.userId });
    const [row] = deleted.length
      ? await tx
          .update(audioContent)
          .set({ repostCount: sql`greatest(${audioContent.repostCount} - 1, 0)` })
          .where(eq(audioContent.id, trackId))
          .returning({ repostCount: audioContent.repostCount })
      : await tx
          .select({ repostCount: audioContent.repostCount })
          .from(audioContent)
          .where(eq(audioContent.id, trackId));
    return row?.repostCount ?? 0;
  });
}

export async function repostState(db: Db, userId: string | null, trackId: string) {
  const [row] = await db
    .select({
      repostCount: audioContent.repostCount,
      reposted: userId
        ? sql<boolean>`exists (select 1 from reposts r where r.user_id = ${userId} and r.audio_id = ${audioContent.id})`.mapWith(
            Boolean,
          )
        : sql<boolean>`false`.mapWith(Boolean),
    })
    .from(audioContent)
    .where(eq(audioContent.id, trackId));
  return { repostCount: row?.repostCount ?? 0, reposted: row?.reposted ?? false };
}
