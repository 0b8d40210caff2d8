import { canSeeTrack, type TrackFacts } from '../../access/tracks';
import type { SessionUser } from '../../lib/session';

export type Viewer = Pick<SessionUser, 'id' | 'role'> | null;

/** Only the owner edits, replaces the cover of, or deletes a track. */
export function canEditTrack(viewer: Viewer, track: { userId: string }): boolean {
  return isOwner(viewer, track);
}

/** Only the owner deletes a track (moderators take content down through reports, not deletion). */
export const canDeleteTrack = canEditTrack;

/** Downloading the original: when the owner allows it (the owner always may). */
export function canDownloadTrack(viewer: Viewer, track: TrackFacts & { allowDownloads: boolean }): boolean {
  return canSeeTrack(viewer?.id ?? null, track) && (track.allowDownloads || isOwner(viewer, track));
}

/** Uploading needs a creator account. */
export const canUpload = (user: SessionUser) => user.role === 'creator';

const isOwner = (viewer: Viewer, track: { userId: string }) => viewer !== null && viewer.id === track.userId;
