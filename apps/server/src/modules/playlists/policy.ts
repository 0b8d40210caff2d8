import type { PlaylistRow } from './repo';

interface TrackAccess {
  userId: string;
  isPublic: boolean;
  status: string;
}

/** A track is visible to everyone once public and ready; always to its owner. */
export function canSeeTrack(viewerId: string | null, track: TrackAccess): boolean {
  return (track.isPublic && track.status === 'ready') || (viewerId !== null && track.userId === viewerId);
}

/** Private playlists exist only for their owner (others get 404, never 403). */
export function canViewPlaylist(viewerId: string | null, playlist: Pick<PlaylistRow, 'userId' | 'isPublic'>): boolean {
  return playlist.isPublic || (viewerId !== null && playlist.userId === viewerId);
}

export function canEditPlaylist(viewerId: string | null, playlist: Pick<PlaylistRow, 'userId'>): boolean {
  return viewerId !== null && playlist.userId === viewerId;
}

/** The owner may add what they can see: public ready tracks, or their own. */
export const canAddTrack = (ownerId: string, track: TrackAccess) => canSeeTrack(ownerId, track);
