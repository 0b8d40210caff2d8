import { canSeeTrack, type TrackFacts } from '../../access/tracks';
import type { PlaylistRow } from './repo';

/** Private playlists exist only for their owner (others get 404, never 403). */
export function canViewPlaylist(viewerId: string | null, playlist: Pick<PlaylistRow, 'userId' | 'isPublic'>): boolean {
  return playlist.isPublic || (viewerId !== null && playlist.userId === viewerId);
}

export function canEditPlaylist(viewerId: string | null, playlist: Pick<PlaylistRow, 'userId'>): boolean {
  return viewerId !== null && playlist.userId === viewerId;
}

/** The owner may add what they can see: discoverable tracks, or their own. */
export const canAddTrack = (ownerId: string, track: TrackFacts) => canSeeTrack(ownerId, track);
