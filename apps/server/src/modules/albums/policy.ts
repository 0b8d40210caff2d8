/** Who may see an album: its creator always; others once released, while the creator is active. */
export function canSeeAlbum(
  viewerId: string | null,
  album: { userId: string; releaseDate: string },
  facts: { ownerSuspended: boolean; today: string },
): boolean {
  if (viewerId !== null && viewerId === album.userId) return true;
  return !facts.ownerSuspended && album.releaseDate <= facts.today;
}
