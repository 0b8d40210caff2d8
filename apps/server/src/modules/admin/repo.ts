import type { Role } from '@wavecast/shared';
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { audioContent, authSessions, mailOutbox, users } from '../../db/schema';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listUsers(
  db: Db,
  q: { q?: string; role?: Role; status?: 'active' | 'suspended'; offset: number; limit: number },
) {
  const filters: SQL[] = [];
  if (q.q) {
    const pattern = `%${escapeLike(q.q)}%`;
    filters.push(or(ilike(users.displayName, pattern), ilike(users.email, pattern)) as SQL);
  }
  if (q.role) filters.push(eq(users.userRole, q.role));
  if (q.status) filters.push(q.status === 'suspended' ? isNotNull(users.suspendedAt) : isNull(users.suspendedAt));
  const where = filters.length ? and(...filters) : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), users.id)
    .limit(q.limit)
    .offset(q.offset);
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  return { rows, total };
}

export async function findUser(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function setRole(db: Db, id: string, role: Role) {
  const [row] = await db
    .update(users)
    .set({ userRole: role, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function setRoleByEmail(db: Db, email: string, role: Role) {
  const [row] = await db
    .update(users)
    .set({ userRole: role, updatedAt: new Date() })
    .where(eq(users.email, email))
    .returning();
  return row;
}

export async function listOutbox(db: Db, q: { to?: string; offset: number; limit: number }) {
  const where = q.to ? sql`lower(${mailOutbox.to}) like lower(${`%${escapeLike(q.to)}%`})` : undefined;
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(q.limit)
    .offset(q.offset);
  const [{ total }] = await db.select({ total: count() }).from(mailOutbox).where(where);
  return { rows, total };
}

/** Whether the account is suspended (auth asks on every new session). */
export async function isSuspended(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ at: users.suspendedAt }).from(users).where(eq(users.id, id));
  return row?.at != null;
}

/** Suspends (a date) or restores (null) an account, only when it is not already so; undefined otherwise. */
export async function setSuspended(db: Db, id: string, at: Date | null) {
  const [row] = await db
    .update(users)
    .set({ suspendedAt: at, updatedAt: new Date() })
    .where(and(eq(users.id, id), at ? isNull(users.suspendedAt) : isNotNull(users.suspendedAt)))
    .returning();
  return row;
}

/** Ends every session of an account (signed out everywhere at once). */
export async function deleteSessionsOf(db: Db, userId: string): Promise<number> {
  const rows = await db.delete(authSessions).where(eq(authSessions.userId, userId)).returning({ id: authSessions.id });
  return rows.length;
}

/** The account's tracks in every state, newest first (the admin's user page). */
export async function tracksOf(db: Db, userId: string, limit = 100) {
  return db
    .select({
      id: audioContent.id,
      title: audioContent.title,
      isPublic: audioContent.isPublic,
      status: audioContent.status,
      playCount: audioContent.playCount,
      createdAt: audioContent.createdAt,
    })
    .from(audioContent)
    .where(eq(audioContent.userId, userId))
    .orderBy(desc(audioContent.createdAt))
    .limit(limit);
}

/**
 * Queues a mail job unless one carrying this event's id exists (delivery is at least once; an
 * advisory lock serialises two processes offering the same event). True when queued.
 */
export async function queueMailOncePerEvent(db: Db, type: string, eventId: string, payload: object): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`mail-once:${eventId}`}))`);
    const found = (await tx.execute(
      sql`SELECT 1 FROM jobs WHERE type = ${type} AND payload->>'eventId' = ${eventId} LIMIT 1`,
    )) as { rows: unknown[] };
    if (found.rows.length > 0) return false;
    await tx.execute(
      sql`INSERT INTO jobs (type, payload, max_attempts) VALUES (${type}, ${JSON.stringify(payload)}::jsonb, 5)`,
    );
    return true;
  });
}
