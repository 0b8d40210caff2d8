import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { audioContent, premieres, users } from '../../../db/schema';
import type { Tx } from '../repo';

type Executor = Db | Tx;
export type PremiereRow = typeof premieres.$inferSelect;

export async function insertPremiere(tx: Tx, values: typeof premieres.$inferInsert): Promise<PremiereRow> {
  const [row] = await tx.insert(premieres).values(values).returning();
  return row;
}

/** The track's open (scheduled or live) premiere, else its latest one. */
export async function findForTrack(db: Executor, trackId: string): Promise<PremiereRow | undefined> {
  const [row] = await db
    .select()
    .from(premieres)
    .where(eq(premieres.trackId, trackId))
    .orderBy(sql`(${premieres.status} in ('scheduled', 'live')) desc`, sql`${premieres.createdAt} desc`)
    .limit(1);
  return row;
}

export async function findById(db: Executor, id: string, lock = false) {
  const q = db.select().from(premieres).where(eq(premieres.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findByRoom(db: Executor, roomId: string) {
  const [row] = await db.select().from(premieres).where(eq(premieres.roomId, roomId));
  return row;
}

export async function setStatus(db: Executor, id: string, set: Partial<typeof premieres.$inferInsert>) {
  await db.update(premieres).set(set).where(eq(premieres.id, id));
}

/** Premieres whose next move may be due at `now`: scheduled ones past their time, and live ones. */
export async function dueIds(db: Executor, now: Date) {
  const rows = await db
    .select({ id: premieres.id })
    .from(premieres)
    .where(or(and(eq(premieres.status, 'scheduled'), lte(premieres.startsAt, now)), eq(premieres.status, 'live')));
  return rows.map((r) => r.id);
}

export async function openForUser(db: Executor, userId: string) {
  return db
    .select({ id: premieres.id, roomId: premieres.roomId })
    .from(premieres)
    .where(and(eq(premieres.userId, userId), inArray(premieres.status, ['scheduled', 'live'])));
}

export async function trackFor(db: Executor, trackId: string) {
  const [row] = await db
    .select({
      id: audioContent.id,
      userId: audioContent.userId,
      title: audioContent.title,
      status: audioContent.status,
      isPublic: audioContent.isPublic,
      duration: audioContent.duration,
      coverKey: audioContent.coverKey,
      creatorName: users.displayName,
    })
    .from(audioContent)
    .leftJoin(users, eq(users.id, audioContent.userId))
    .where(eq(audioContent.id, trackId));
  return row;
}

export async function setTrackPublic(db: Executor, trackId: string, isPublic: boolean) {
  await db.update(audioContent).set({ isPublic, updatedAt: new Date() }).where(eq(audioContent.id, trackId));
}
