import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contactMessages, jobs } from '../../db/schema';
import type { JobRequest } from '../../jobs/queue';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type NewContactMessage = Omit<typeof contactMessages.$inferInsert, 'id' | 'createdAt' | 'resolvedAt'>;
export type ContactStatusFilter = 'all' | 'open' | 'resolved';

/**
 * Stores a message and queues its mail jobs in one transaction: a stored message always gets
 * its mail, and a failed insert queues nothing.
 */
export async function insertContactMessage(
  database: Database,
  message: NewContactMessage,
  mailJobs: (id: string) => JobRequest[],
): Promise<ContactMessageRow> {
  return database.db.transaction(async (tx) => {
    const [row] = await tx.insert(contactMessages).values(message).returning();
    const queued = mailJobs(row.id);
    if (queued.length) await tx.insert(jobs).values(queued);
    return row;
  });
}

export async function findContactMessage(database: Database, id: string): Promise<ContactMessageRow | undefined> {
  const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row;
}

function statusWhere(status: ContactStatusFilter): SQL | undefined {
  if (status === 'open') return isNull(contactMessages.resolvedAt);
  if (status === 'resolved') return isNotNull(contactMessages.resolvedAt);
  return undefined;
}

/** Priority support first, then newest first. */
export async function listContactMessages(
  database: Database,
  q: { status: ContactStatusFilter; limit: number; offset: number },
): Promise<{ rows: ContactMessageRow[]; total: number }> {
  const where = statusWhere(q.status);
  const [rows, [{ total }]] = await Promise.all([
    database.db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.priority), desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(q.limit)
      .offset(q.offset),
    database.db.select({ total: count() }).from(contactMessages).where(where),
  ]);
  return { rows, total };
}

/** Marks a message resolved once; resolving again keeps the first time. */
export async function resolveContactMessage(database: Database, id: string): Promise<ContactMessageRow | undefined> {
  const [row] = await database.db
    .update(contactMessages)
    .set({ resolvedAt: new Date() })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.resolvedAt)))
    .returning();
  return row ?? findContactMessage(database, id);
}
