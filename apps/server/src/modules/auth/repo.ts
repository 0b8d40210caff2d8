import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authVerifications, users } from '../../db/schema';

export type ProfileRow = typeof users.$inferSelect;

/** Whether a verification row (e.g. a password-reset token) exists and has not expired. */
export async function hasLiveVerification(database: Database, identifier: string): Promise<boolean> {
  const rows = await database.db
    .select({ id: authVerifications.id })
    .from(authVerifications)
    .where(and(eq(authVerifications.identifier, identifier), gt(authVerifications.expiresAt, new Date())))
    .limit(1);
  return rows.length > 0;
}

export async function findProfile(database: Database, id: string): Promise<ProfileRow | undefined> {
  const [row] = await database.db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Inserts a profile row unless one with its id exists (two first requests may race). */
export async function insertProfileIfMissing(database: Database, values: typeof users.$inferInsert): Promise<void> {
  await database.db.insert(users).values(values).onConflictDoNothing();
}
