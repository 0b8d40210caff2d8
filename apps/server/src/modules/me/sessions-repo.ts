import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authSessions } from '../../db/schema';

/** A session as Settings lists it: never its token. */
export interface DeviceRow {
  id: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
  updatedAt: Date;
  lastSeenAt: Date | null;
}

/** The user's live sessions, the most recently used first. */
export async function listSessions(db: Db, userId: string, now: Date): Promise<DeviceRow[]> {
  return db
    .select({
      id: authSessions.id,
      ipAddress: authSessions.ipAddress,
      userAgent: authSessions.userAgent,
      createdAt: authSessions.createdAt,
      updatedAt: authSessions.updatedAt,
      lastSeenAt: authSessions.lastSeenAt,
    })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), gt(authSessions.expiresAt, now)))
    .orderBy(desc(sql`greatest(${authSessions.lastSeenAt}, ${authSessions.updatedAt})`), desc(authSessions.id));
}

/** Deletes one of the user's sessions; its id, or none when it is not theirs. */
export async function deleteSession(db: Db, userId: string, id: string): Promise<string[]> {
  const rows = await db
    .delete(authSessions)
    .where(and(eq(authSessions.id, id), eq(authSessions.userId, userId)))
    .returning({ id: authSessions.id });
  return rows.map((r) => r.id);
}

/** Deletes every session of the user but `keptId`; their ids. */
export async function deleteOtherSessions(db: Db, userId: string, keptId: string): Promise<string[]> {
  const rows = await db
    .delete(authSessions)
    .where(and(eq(authSessions.userId, userId), ne(authSessions.id, keptId)))
    .returning({ id: authSessions.id });
  return rows.map((r) => r.id);
}
