import type { SessionUser } from '../../lib/session';
import type { StreamRow } from './repo';

/** A suspended creator's streams are hidden (404) from everyone but admins (ADR 0015). */
export function canSeeStream(viewer: SessionUser | null, found: { ownerSuspended: boolean }): boolean {
  return !found.ownerSuspended || viewer?.role === 'admin';
}

/** Only the creator who made the stream broadcasts into it. */
export function canPublish(user: SessionUser, stream: Pick<StreamRow, 'userId'>): boolean {
  return user.role === 'creator' && user.id === stream.userId;
}

/** Ending, chat moderation and publishing the recording: the stream's creator (and admins). */
export function canManage(user: SessionUser | null, stream: Pick<StreamRow, 'userId'>): boolean {
  return !!user && (user.id === stream.userId || user.role === 'admin');
}
