import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { canManage } from './policy';
import { findStreamRow, type StreamRow } from './repo';

/** The stream, or 404. */
export async function loadStream(db: Db, id: string): Promise<StreamRow> {
  const stream = await findStreamRow(db, id);
  if (!stream) throw notFound('Stream');
  return stream;
}

/** The stream the user may manage (end, moderate its chat, publish its recording): 404, then 403. */
export async function loadManagedStream(db: Db, user: SessionUser, id: string): Promise<StreamRow> {
  const stream = await loadStream(db, id);
  if (!canManage(user, stream)) throw forbidden();
  return stream;
}
