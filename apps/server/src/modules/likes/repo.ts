import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { visibleWhere } from '../../access/tracks';
import type { Db } from '../../db/client';
import { audioContent, likes, users } from '../../db/schema';

/** Adds the like if missing; the count moves only when a row was really inserted (idempotent). */
export async function addLike(db: Db, userId: string, trackId: string): Promise<{ likeCount: number; added: boolean }> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(likes)
      .values({ userId, audioId: trackId })
      .onConflictDoNothing()
      .returning({ userId: likes.userId });
    const [row] = inserted.length
      ? await tx
          .update(audioContent)
          .set({ likeCount: sql`${audioContent.likeCount} + 1` })
          .where(eq(audioContent.id, trackId))
          .returning({ likeCount: audioContent.likeCount })
      : await tx.select({ likeCount: audioContent.likeCount }).from(audioContent).where(eq(audioContent.id, trackId));
    return { likeCount: row?.likeCount ?? 0, added: inserted.length > 0 };
  });
}

/** Removes the like if present; the count moves only when a row was really deleted. */
export async function removeLike(db: Db, userId: string, trackId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(likes)
      .where(and(eq(likes.userId, userId), eq(likes.audioId, trackId)))
      .returning({ userId: likes.userId });
    const [row] = deleted.length
      ? await tx
          .update(audioContent)
          .set({ likeCount: sql`greatest(${audioContent.likeCount} - 1, 0)` })
          .where(eq(audioContent.id, trackId))
          .returning({ likeCount: audioContent.likeCount })
      : await tx.select({ likeCount: audioContent.likeCount }).from(audioContent).where(eq(audioContent.id, trackId));
    return row?.likeCount ?? 0;
  });
}

/** Liked tracks, newest like first, from after the cursor (createdAt, trackId). */
export async function listLiked(
  db: Db,
  userId: string,
  opts: { limit: number; after?: { createdAt: Date; trackId: string } },
) {
  const after = opts.after;
  return db
    .select({
      likedAt: likes.createdAt,
      track: audioContent,
      creator: { id: users.id, displayName: users.displayName, avatarUrl: users.avatarUrl },
    })
    .from(likes)
    .innerJoin(audioContent, eq(audioContent.id, likes.audioId))
    .leftJoin(users, eq(users.id, audioContent.userId))
    .where(
      and(
        eq(likes.userId, userId),
        // Visible tracks only: public and ready, or the viewer's own.
        visibleWhere(userId),
        after
          ? or(
              lt(likes.createdAt, after.createdAt),
              and(eq(likes.createdAt, after.createdAt), lt(likes.audioId, after.trackId)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(likes.createdAt), desc(likes.audioId))
    .limit(opts.limit);
}

export async function likedIds(db: Db, userId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: likes.audioId })
    .from(likes)
    .where(eq(likes.userId, userId))
    .orderBy(desc(likes.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}
