/**
 * A user's public profile page: creators at /profile/:id, everyone else at /profile/listener/:id.
 * Without a role (a track's creator, a playlist's owner, a comment's author: summaries that carry
 * none) it is /profile/:id, the creator page.
 */
export function profilePath(user: { id: string; role?: string | null }): string {
  return !user.role || user.role === 'creator' ? `/profile/${user.id}` : `/profile/listener/${user.id}`;
}
