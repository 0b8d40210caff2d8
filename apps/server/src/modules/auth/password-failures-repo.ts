import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, max } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authVerifications } from '../../db/schema';

type Db = Database['db'];

// Failed password checks live in the auth verification table (identifier, value, expiry): a
// database row per failure, so every server process sees them; no table of our own to migrate.
const identifier = (accountKey: string) => `password-failure:${accountKey}`;

/** How many failures the account had since `since`, and when the last one was. */
export async function failuresSince(db: Db, accountKey: string, since: Date) {
  const [row] = await db
    .select({ n: count(), last: max(authVerifications.createdAt) })
    .from(authVerifications)
    .where(and(eq(authVerifications.identifier, identifier(accountKey)), gt(authVerifications.createdAt, since)));
  return { count: Number(row?.n ?? 0), last: row?.last ? new Date(row.last) : null };
}

export async function insertFailure(db: Db, accountKey: string, expiresAt: Date): Promise<void> {
  await db
    .insert(authVerifications)
    .values({ id: randomUUID(), identifier: identifier(accountKey), value: '', expiresAt });
}

export async function deleteFailures(db: Db, accountKey: string): Promise<void> {
  await db.delete(authVerifications).where(eq(authVerifications.identifier, identifier(accountKey)));
}
