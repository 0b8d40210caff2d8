import { DEFAULT_PRIVACY_PREFS, type TNotification } from '@wavecast/shared';
import { canViewProfile } from '../users/policy';
import type { NotificationRow } from './repo';

/** Whether the recipient may open the actor's profile (the recipient's role plays no part in it). */
function actorVisible(row: NotificationRow): boolean {
  if (!row.actor_id) return false;
  const privacy = { ...DEFAULT_PRIVACY_PREFS, ...row.actor_privacy };
  return canViewProfile({ id: row.user_id, role: 'listener' }, row.actor_id, privacy, row.recipient_follows_actor);
}

/** A notification for its recipient: a link to a profile they may not see is no link at all. */
export function presentNotification(row: NotificationRow): TNotification {
  const visible = actorVisible(row);
  const leadsToActor = !!row.actor_id && !!row.link?.startsWith('/profile/') && row.link.endsWith(`/${row.actor_id}`);
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    link: leadsToActor && !visible ? null : row.link,
    read: row.read,
    createdAt: new Date(row.created_at).toISOString(),
    actor: row.actor_id
      ? { id: row.actor_id, displayName: row.actor_display_name, avatarUrl: row.actor_avatar_url }
      : null,
    actorVisible: visible,
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
