import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';

export interface AuditInput {
  /** Who acted; null for the system (a job, a provider's webhook). */
  actorId: string | null;
  /** What was done, `domain.verb`: `user.role`, `application.approve`, `payout.paid`… */
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
  at: Date;
}

/**
 * Writes one audit entry. Pass the transaction of the change it records, so that the change and
 * its entry land together or not at all.
 */
export async function recordAudit(db: Db, entry: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    at: entry.at,
  });
}

export interface AuditQuery {
  action?: string;
  actorId?: string;
  targetType?: string;
  targetId?: string;
  since?: Date;
  /** Entries strictly older than this (keyset paging by time). */
  before?: Date;
  /** With `before`: also the entries at exactly `before` whose id sorts below this one (no ties lost). */
  beforeId?: string;
  limit: number;
}

/** The newest entries first, with the actor's name and e-mail when the account still exists. */
export async function listAudit(db: Db, q: AuditQuery) {
  const filters: SQL[] = [];
  if (q.action) filters.push(eq(auditLog.action, q.action));
  if (q.actorId) filters.push(eq(auditLog.actorId, q.actorId));
  if (q.targetType) filters.push(eq(auditLog.targetType, q.targetType));
  if (q.targetId) filters.push(eq(auditLog.targetId, q.targetId));
  if (q.since) filters.push(gte(auditLog.at, q.since));
  if (q.before && q.beforeId) {
    filters.push(sql`(${auditLog.at}, ${auditLog.id}) < (${q.before.toISOString()}::timestamptz, ${q.beforeId}::uuid)`);
  } else if (q.before) filters.push(lt(auditLog.at, q.before));
  return db
    .select({ entry: auditLog, actorName: users.displayName, actorEmail: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(auditLog.at), sql`${auditLog.id} desc`)
    .limit(q.limit);
}
