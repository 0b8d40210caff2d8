import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { canManage } from './policy';
import { findStream, findStreamRow, type StreamRow } from './repo';

/** The stream, or 404. */
export async function loadStream(db: Db, id: string): Promise<StreamRow> {
  const stream = await findStreamRow(db, id);
  if (!stream) throw notFound('Stream');
  return stream;
}

/**
 * The stream as the viewer may see it: a suspended (or deleted) owner's streams are hidden from
 * everyone but admins, and hidden is 404, never 403 (the visibility rule, as for tracks).
 */
export async function loadVisibleStream(db: Db, viewer: SessionUser | null, id: string) {
  const found = await findStream(db, id);
  if (!found || (found.ownerSuspended && viewer?.role !== 'admin')) throw notFound('Stream');
  return found;
}

/** The stream the user may manage (end, moderate its chat, publish its recording): 404, then 403. */
export async function loadManagedStream(db: Db, user: SessionUser, id: string): Promise<StreamRow> {
  const stream = await loadStream(db, id);
  if (!canManage(user, stream)) throw forbidden();
  return stream;
}
