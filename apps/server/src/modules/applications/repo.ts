import type { ApplicationRole, ApplicationStatus } from '@wavecast/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roleApplications, users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';

export type ApplicationRow = typeof roleApplications.$inferSelect;
const withUser = { application: roleApplications, user: users };

/** Files an application; undefined when one for this role is already pending (the unique index). */
export async function insertApplication(
  db: Db,
  v: { userId: string; role: ApplicationRole; details: Record<string, string>; at: Date },
): Promise<ApplicationRow | undefined> {
  try {
    const [row] = await db
      .insert(roleApplications)
      .values({ userId: v.userId, role: v.role, details: v.details, createdAt: v.at })
      .returning();
    return row;
  } catch (e) {
    if (isUniqueViolation(e)) return undefined;
    throw e;
  }
}

export async function listMine(db: Db, userId: string) {
  return db
    .select(withUser)
    .from(roleApplications)
    .innerJoin(users, eq(users.id, roleApplications.userId))
    .where(eq(roleApplications.userId, userId))
    .orderBy(desc(roleApplications.createdAt));
}

export async function listByStatus(db: Db, q: { status: ApplicationStatus; role?: ApplicationRole }) {
  const where = and(eq(roleApplications.status, q.status), q.role ? eq(roleApplications.role, q.role) : undefined);
  return db
    .select(withUser)
    .from(roleApplications)
    .innerJoin(users, eq(users.id, roleApplications.userId))
    .where(where)
    .orderBy(q.status === 'pending' ? roleApplications.createdAt : desc(roleApplications.decidedAt))
    .limit(200);
}

export async function findApplication(db: Db, id: string) {
  const [row] = await db
    .select(withUser)
    .from(roleApplications)
    .innerJoin(users, eq(users.id, roleApplications.userId))
    .where(eq(roleApplications.id, id));
  return row;
}

/** Decides a pending application; undefined when it was decided already (two admins at once). */
export async function decide(
  db: Db,
  id: string,
  v: { status: Exclude<ApplicationStatus, 'pending'>; by: string; note: string | null; at: Date },
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(roleApplications)
    .set({ status: v.status, decidedBy: v.by, note: v.note, decidedAt: v.at })
    .where(and(eq(roleApplications.id, id), eq(roleApplications.status, 'pending')))
    .returning();
  return row;
}
