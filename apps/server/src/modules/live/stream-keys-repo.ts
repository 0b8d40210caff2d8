import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { liveStreamKeys, users } from '../../db/schema';

export type StreamKeyRow = typeof liveStreamKeys.$inferSelect;

export async function insertKey(
  db: Db,
  v: Pick<StreamKeyRow, 'userId' | 'name' | 'keyHash' | 'prefix' | 'createdAt'>,
): Promise<StreamKeyRow> {
  const [row] = await db.insert(liveStreamKeys).values(v).returning();
  return row;
}

export async function countLiveKeys(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(liveStreamKeys)
    .where(and(eq(liveStreamKeys.userId, userId), isNull(liveStreamKeys.revokedAt)));
  return row?.n ?? 0;
}

/** The user's keys in use, newest first (revoked ones are gone from the list). */
export async function listLiveKeys(db: Db, userId: string): Promise<StreamKeyRow[]> {
  return db
    .select()
    .from(liveStreamKeys)
    .where(and(eq(liveStreamKeys.userId, userId), isNull(liveStreamKeys.revokedAt)))
    .orderBy(desc(liveStreamKeys.createdAt));
}

/** Revokes one of the user's keys; undefined when it is not theirs or already revoked. */
export async function revokeKey(db: Db, userId: string, id: string, at: Date): Promise<StreamKeyRow | undefined> {
  const [row] = await db
    .update(liveStreamKeys)
    .set({ revokedAt: at })
    .where(and(eq(liveStreamKeys.id, id), eq(liveStreamKeys.userId, userId), isNull(liveStreamKeys.revokedAt)))
    .returning();
  return row;
}

/** Gives a key a new secret (the old one stops working at once). */
export async function rekey(
  db: Db,
  userId: string,
  id: string,
  v: Pick<StreamKeyRow, 'keyHash' | 'prefix' | 'createdAt'>,
): Promise<StreamKeyRow | undefined> {
  const [row] = await db
    .update(liveStreamKeys)
    .set({ ...v, lastUsedAt: null })
    .where(and(eq(liveStreamKeys.id, id), eq(liveStreamKeys.userId, userId), isNull(liveStreamKeys.revokedAt)))
    .returning();
  return row;
}

/** The key in use with this hash, and its owner. */
export async function findLiveKey(db: Db, keyHash: string) {
  const [row] = await db
    .select({ key: liveStreamKeys, user: users })
    .from(liveStreamKeys)
    .innerJoin(users, eq(users.id, liveStreamKeys.userId))
    .where(and(eq(liveStreamKeys.keyHash, keyHash), isNull(liveStreamKeys.revokedAt)));
  return row;
}

export async function touchKey(db: Db, id: string, at: Date): Promise<void> {
  await db.update(liveStreamKeys).set({ lastUsedAt: at }).where(eq(liveStreamKeys.id, id));
}
