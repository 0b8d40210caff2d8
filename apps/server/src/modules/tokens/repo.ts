import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiTokens, users } from '../../db/schema';

export type TokenRow = typeof apiTokens.$inferSelect;

export async function insertToken(
  db: Db,
  v: Pick<TokenRow, 'userId' | 'name' | 'scope' | 'tokenHash' | 'prefix' | 'createdAt'>,
): Promise<TokenRow> {
  const [row] = await db.insert(apiTokens).values(v).returning();
  return row;
}

export async function countLiveTokens(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
  return row?.n ?? 0;
}

export async function listTokens(db: Db, userId: string): Promise<TokenRow[]> {
  return db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt));
}

/** Revokes one of the user's tokens; undefined when it is not theirs (or does not exist). */
export async function revokeToken(db: Db, userId: string, id: string, at: Date): Promise<TokenRow | undefined> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: at })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning();
  if (row) return row;
  const [already] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)));
  return already;
}

/** The live token with this hash and its owner's profile. */
export async function findLiveToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt)));
  return row;
}

export async function touchToken(db: Db, id: string, at: Date): Promise<void> {
  await db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, id));
}

/** Revokes every live token of the user (idempotent: revoked ones keep their time); how many. */
export async function revokeAllTokens(db: Db, userId: string, at: Date): Promise<number> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: at })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length;
}
