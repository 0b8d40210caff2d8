import { isUuid, type ReportReason, type ReportSeverity, type ReportStatus, type ReportTarget } from '@wavecast/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { contentRemovals, reports } from '../../db/schema';

/** What a report is about: its owner and a short label; undefined when there is no such item. */
export interface ReportedItem {
  ownerId: string;
  label: string | null;
  link: string | null;
}

/** Finds the item a report names (ids of the wrong shape cannot exist). */
export async function findItem(database: Database, type: ReportTarget, id: string): Promise<ReportedItem | undefined> {
  const one = async (text: string) => (await database.query<ReportedItem>(text, [id]))[0];
  switch (type) {
    case 'track':
      if (!isUuid(id)) return undefined;
      return one(
        `SELECT user_id AS "ownerId", title AS label, '/audio/' || id AS link FROM audio_content WHERE id = $1`,
      );
    case 'comment':
      if (!isUuid(id)) return undefined;
      return one(
        `SELECT user_id AS "ownerId", left(content, 120) AS label, '/audio/' || audio_id AS link
           FROM comments WHERE id = $1 AND user_id IS NOT NULL`,
      );
    case 'live':
      if (!isUuid(id)) return undefined;
      return one(`SELECT user_id AS "ownerId", title AS label, '/live/' || id AS link FROM live_streams WHERE id = $1`);
    case 'chat':
      if (!isUuid(id)) return undefined;
      return one(
        `SELECT user_id AS "ownerId", left(content, 120) AS label, '/live/' || stream_id AS link
           FROM live_chat_messages WHERE id = $1 AND user_id IS NOT NULL`,
      );
    case 'profile':
      return one(
        `SELECT id AS "ownerId", coalesce(display_name, 'Profile') AS label, '/profile/' || id AS link FROM users WHERE id = $1`,
      );
  }
}

/** Files a report once per account and item: true when new. */
export async function insertReport(
  db: Db,
  r: {
    reporterId: string;
    targetType: ReportTarget;
    targetId: string;
    ownerId: string;
    reason: ReportReason;
    severity: ReportSeverity;
    details: string | null;
    createdAt: Date;
  },
): Promise<boolean> {
  const rows = await db.insert(reports).values(r).onConflictDoNothing().returning({ id: reports.id });
  return rows.length > 0;
}

export async function findReport(db: Db, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(reports).where(eq(reports.id, id));
  return row;
}

/** Locks the open reports of an item (two admins acting at once: one wins, the other gets 409). */
export async function lockOpenReportsOf(db: Db, type: ReportTarget, id: string) {
  return db
    .select()
    .from(reports)
    .where(and(eq(reports.targetType, type), eq(reports.targetId, id), eq(reports.status, 'open')))
    .for('update');
}

export async function closeOpenReportsOf(
  db: Db,
  type: ReportTarget,
  id: string,
  status: ReportStatus,
  by: string,
  at: Date,
) {
  return db
    .update(reports)
    .set({ status, handledAt: at, handledBy: by })
    .where(and(eq(reports.targetType, type), eq(reports.targetId, id), eq(reports.status, 'open')))
    .returning({ id: reports.id });
}

export interface GroupRow {
  report_id: string;
  target_type: ReportTarget;
  target_id: string;
  owner_id: string | null;
  owner_name: string | null;
  owner_email: string | null;
  status: ReportStatus;
  severity: ReportSeverity;
  reasons: ReportReason[];
  details: string[];
  count: string;
  first_at: Date | string;
  last_at: Date | string;
}

const SEVERITY_RANK = `CASE r.severity WHEN 'critical' THEN 4 WHEN 'severe' THEN 3 WHEN 'moderate' THEN 2 ELSE 1 END`;

/** Reports grouped by item: the most severe first, then the oldest. */
export async function listGroups(
  database: Database,
  q: { status: ReportStatus; targetType?: ReportTarget; severity?: ReportSeverity; ownerId?: string; limit: number },
) {
  const params: unknown[] = [q.status];
  const where = ['r.status = $1'];
  if (q.targetType) where.push(`r.target_type = $${params.push(q.targetType)}`);
  if (q.ownerId) where.push(`r.owner_id = $${params.push(q.ownerId)}`);
  const having = q.severity
    ? `HAVING max(${SEVERITY_RANK}) = ${['minor', 'moderate', 'severe', 'critical'].indexOf(q.severity) + 1}`
    : '';
  params.push(q.limit);
  return database.query<GroupRow>(
    `SELECT (array_agg(r.id::text ORDER BY r.created_at))[1] AS report_id,
            r.target_type, r.target_id,
            (array_agg(r.owner_id))[1] AS owner_id,
            (array_agg(u.display_name))[1] AS owner_name,
            (array_agg(u.email::text))[1] AS owner_email,
            $1::text AS status,
            (ARRAY['minor','moderate','severe','critical'])[max(${SEVERITY_RANK})] AS severity,
            array_agg(DISTINCT r.reason) AS reasons,
            array_remove(array_agg(r.details ORDER BY r.created_at), NULL) AS details,
            count(*) AS count, min(r.created_at) AS first_at, max(r.created_at) AS last_at
       FROM reports r LEFT JOIN users u ON u.id = r.owner_id
      WHERE ${where.join(' AND ')}
      GROUP BY r.target_type, r.target_id
      ${having}
      ORDER BY max(${SEVERITY_RANK}) DESC, min(r.created_at)
      LIMIT $${params.length}`,
    params,
  );
}

export async function countReportsOf(db: Db, type: ReportTarget, id: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reports)
    .where(and(eq(reports.targetType, type), eq(reports.targetId, id)));
  return row?.n ?? 0;
}

export async function findRemoval(db: Db, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(contentRemovals).where(eq(contentRemovals.id, id));
  return row;
}

export async function removalsOf(db: Db, ownerId: string) {
  return db.select().from(contentRemovals).where(eq(contentRemovals.ownerId, ownerId)).orderBy(sql`removed_at DESC`);
}

export async function appealedRemovals(db: Db) {
  return db
    .select()
    .from(contentRemovals)
    .where(sql`${contentRemovals.appealedAt} IS NOT NULL AND ${contentRemovals.restoredAt} IS NULL`)
    .orderBy(contentRemovals.appealedAt);
}
