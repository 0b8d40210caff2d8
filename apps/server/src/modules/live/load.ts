import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { canManage, canSeeStream } from './policy';
import { findStreamWithFacts, type StreamRow } from './repo';

/** The stream, or 404 (also for a suspended creator's, to all but admins). */
export async function loadStream(db: Db, viewer: SessionUser | null, id: string): Promise<StreamRow> {
  const found = await findStreamWithFacts(db, id);
  if (!found || !canSeeStream(viewer, found)) throw notFound('Stream');
  return found.stream;
}

/** The stream the user may manage (end, moderate its chat, publish its recording): 404, then 403. */
export async function loadManagedStream(db: Db, user: SessionUser, id: string): Promise<StreamRow> {
  const stream = await loadStream(db, user, id);
  if (!canManage(user, stream)) throw forbidden();
  return stream;
}
