import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { audioContent, comments, users } from '../../db/schema';

export type CommentRow = typeof comments.$inferSelect;
export type Author = { id: string; displayName: string | null; avatarUrl: string | null };

const authorColumns = { id: users.id, displayName: users.displayName, avatarUrl: users.avatarUrl };

export async function insertComment(
  db: Db,
  v: { trackId: string; userId: string; content: string; positionSeconds: number | null },
): Promise<CommentRow> {
  const [row] = await db
    .insert(comments)
    .values({ audioId: v.trackId, userId: v.userId, content: v.content, positionSeconds: v.positionSeconds })
    .returning();
  return row as CommentRow;
}

export async function findAuthor(db: Db, userId: string): Promise<Author | undefined> {
  const [row] = await db.select(authorColumns).from(users).where(eq(users.id, userId));
  return row;
}

/** A track's comments, newest first, after the keyset cursor. */
export async function listComments(
  db: Db,
  trackId: string,
  opts: { limit: number; after?: { createdAt: Date; id: string } },
) {
  const after = opts.after;
  return db
    .select({ comment: comments, author: authorColumns })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(
      and(
        eq(comments.audioId, trackId),
        after
          ? or(
              lt(comments.createdAt, after.createdAt),
              and(eq(comments.createdAt, after.createdAt), lt(comments.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(opts.limit);
}

export async function findCommentWithTrack(db: Db, id: string) {
  const [row] = await db
    .select({ comment: comments, trackOwnerId: audioContent.userId })
    .from(comments)
    .innerJoin(audioContent, eq(audioContent.id, comments.audioId))
    .where(eq(comments.id, id));
  return row;
}

export async function deleteComment(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(comments).where(eq(comments.id, id)).returning({ id: comments.id });
  return rows.length > 0;
}
