import { canSeeTrack, type TrackFacts } from '../../access/tracks';

/** What decides who sees a playlist. */
export interface PlaylistFacts {
  userId: string;
  isPublic: boolean;
  ownerSuspended: boolean;
}

/**
 * Private playlists exist only for their owner; a suspended owner's exist for nobody, as their
 * profile and tracks do not (404, never 403).
 */
export function canViewPlaylist(viewerId: string | null, playlist: PlaylistFacts): boolean {
  if (playlist.ownerSuspended) return false;
  return playlist.isPublic || (viewerId !== null && playlist.userId === viewerId);
}

export function canEditPlaylist(viewerId: string | null, playlist: Pick<PlaylistFacts, 'userId'>): boolean {
  return viewerId !== null && playlist.userId === viewerId;
}

/** The owner may add what they can see: discoverable tracks, or their own. */
export const canAddTrack = (ownerId: string, track: TrackFacts) => canSeeTrack(ownerId, track);
