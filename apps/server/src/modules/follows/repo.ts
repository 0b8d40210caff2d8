import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { follows, users } from '../../db/schema';

export async function userExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row !== undefined;
}

/** Inserts the follow unless it exists; true when a new row was made. */
export async function insertFollow(db: Db, followerId: string, followingId: string): Promise<boolean> {
  const rows = await db
    .insert(follows)
    .values({ followerId, followingId })
    .onConflictDoNothing({ target: [follows.followerId, follows.followingId] })
    .returning({ id: follows.id });
  return rows.length > 0;
}

/** Deletes the follow if it exists; true when a row was removed. */
export async function deleteFollow(db: Db, followerId: string, followingId: string): Promise<boolean> {
  const rows = await db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)))
    .returning({ id: follows.id });
  return rows.length > 0;
}

export async function followerCount(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.followingId, userId));
  return row?.n ?? 0;
}

export async function followingCount(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.followerId, userId));
  return row?.n ?? 0;
}

export async function isFollowing(db: Db, followerId: string, followingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: follows.id })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)));
  return row !== undefined;
}
