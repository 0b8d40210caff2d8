import type { TOutboxMail } from '@wavecast/shared';
import type { mailOutbox } from '../../db/schema';

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
