import type { TNotification } from '@wavecast/shared';
import type { NotificationRow } from './repo';

export function presentNotification(row: NotificationRow): TNotification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    link: row.link,
    read: row.read,
    createdAt: new Date(row.created_at).toISOString(),
    actor: row.actor_id
      ? { id: row.actor_id, displayName: row.actor_display_name, avatarUrl: row.actor_avatar_url }
      : null,
  };
}

/** An opaque cursor from the last row of a page (exact timestamp text and id). */
export const encodeCursor = (row: NotificationRow) =>
  Buffer.from(JSON.stringify([row.cursor_ts, row.id])).toString('base64url');

export function decodeCursor(cursor: string | undefined): { ts: string; id: string } | undefined {
  if (!cursor) return undefined;
  try {
    const [ts, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof ts !== 'string' || typeof id !== 'string') return undefined;
    if (!/^\d{4}-\d{2}-\d{2}[ T][\d:.]+(Z|[+-]\d{2}(:?\d{2})?)?$/.test(ts)) return undefined;
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    return { ts, id };
  } catch {
    return undefined;
  }
}
