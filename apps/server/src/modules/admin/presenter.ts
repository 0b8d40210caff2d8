import { csvRow, type TAuditEntry, type TOutboxMail } from '@wavecast/shared';
import type { auditLog, mailOutbox } from '../../db/schema';

/** A mail of the outbox, for admins (its live tokens were hidden before it was stored). */
export function presentOutboxMail(row: typeof mailOutbox.$inferSelect): TOutboxMail {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    sentVia: row.sentVia,
    createdAt: row.createdAt.toISOString(),
  };
}

export const nextOffset = (offset: number, count: number, total: number) =>
  offset + count < total ? offset + count : null;

/** An audit entry with its actor (null: the system, or an account since deleted without a name). */
export function presentAuditEntry(r: {
  entry: typeof auditLog.$inferSelect;
  actorName: string | null;
  actorEmail: string | null;
}): TAuditEntry {
  const { entry } = r;
  return {
    id: entry.id,
    actor: entry.actorId ? { id: entry.actorId, displayName: r.actorName, email: r.actorEmail } : null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    at: entry.at.toISOString(),
  };
}

const CSV_COLUMNS = ['at', 'actor_id', 'actor_email', 'action', 'target_type', 'target_id', 'before', 'after'] as const;

export const auditCsvHeader = () => `${CSV_COLUMNS.join(',')}\r\n`;

export function auditCsvRow(e: TAuditEntry): string {
  return `${csvRow([e.at, e.actor?.id, e.actor?.email, e.action, e.targetType, e.targetId, e.before, e.after])}\r\n`;
}
