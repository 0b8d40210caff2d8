import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { authSessions, authVerifications, users } from '../../db/schema';
import { hashSessionToken } from './hashed-session-tokens';

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

/**
 * The id of the session a token belongs to (better-auth answers a new session with its token only).
 * The table holds the token's hash (hashed-session-tokens.ts).
 */
export async function sessionIdByToken(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(eq(authSessions.token, hashSessionToken(token)));
  return row?.id ?? null;
}

/**
 * Marks the session used now, unless it was marked in the last `minSeconds` (another process may
 * have): at most one row write per session per interval, whichever process sees it.
 */
export async function touchSessionLastSeen(db: Db, sessionId: string, minSeconds: number): Promise<void> {
  await db
    .update(authSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(authSessions.id, sessionId),
        or(
          isNull(authSessions.lastSeenAt),
          lt(authSessions.lastSeenAt, sql`now() - make_interval(secs => ${minSeconds})`),
        ),
      ),
    );
}

/** The display name of an account's profile (null: none, or no profile yet). */
export async function displayNameOf(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ name: users.displayName }).from(users).where(eq(users.id, id));
  return row?.name ?? null;
}
