import type { SessionUser } from '../../lib/session';

/** The author, the track's owner, and admins (moderation) may delete a comment. */
export function canDeleteComment(
  viewer: Pick<SessionUser, 'id' | 'role'> | null,
  comment: { userId: string | null },
  track: { userId: string },
): boolean {
  if (!viewer) return false;
  return viewer.role === 'admin' || comment.userId === viewer.id || track.userId === viewer.id;
}
