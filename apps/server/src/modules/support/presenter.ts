import type { ContactCategory, TContactMessage, TContactReceipt } from '@wavecast/shared';
import { SUPPORT_RESPONSE_TIMES } from '@wavecast/shared';
import type { ContactMessageRow } from './repo';

/** A stored message as admins see it (they need the sender's email to answer). */
export function presentContactMessage(row: ContactMessageRow): TContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    category: row.category as ContactCategory,
    message: row.message,
    userId: row.userId,
    priority: row.priority,
    status: row.resolvedAt ? 'resolved' : 'open',
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/** The sender's confirmation: no more than what they sent us. */
export function presentContactReceipt(row: ContactMessageRow): TContactReceipt {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    confirmation: `Thanks, ${row.name}! Your message has been sent. We have emailed a copy to ${row.email} and will reply ${SUPPORT_RESPONSE_TIMES.email.toLowerCase()}.`,
  };
}
