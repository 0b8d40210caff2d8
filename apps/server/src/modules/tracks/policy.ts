import type { SessionUser } from '../../lib/session';

interface TrackAccess {
  userId: string;
  isPublic: boolean;
  status: string;
}

type Viewer = Pick<SessionUser, 'id' | 'role'> | null;

/** Everyone sees a public, ready track; its owner sees it in every state (processing, failed, private). */
export function canViewTrack(viewer: Viewer, track: TrackAccess): boolean {
  return (track.isPublic && track.status === 'ready') || isOwner(viewer, track);
}

/** Only the owner edits, replaces the cover of, or deletes a track. */
export function canEditTrack(viewer: Viewer, track: { userId: string }): boolean {
  return isOwner(viewer, track);
}

/** Downloading the original: when the owner allows it (the owner always may). */
export function canDownloadTrack(viewer: Viewer, track: TrackAccess & { allowDownloads: boolean }): boolean {
  return canViewTrack(viewer, track) && (track.allowDownloads || isOwner(viewer, track));
}

/** Uploading needs a creator account. */
export const canUpload = (user: SessionUser) => user.role === 'creator';

const isOwner = (viewer: Viewer, track: { userId: string }) => viewer !== null && viewer.id === track.userId;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Track ids are UUIDs; anything else cannot exist (and must not reach a uuid column). */
export const isTrackId = (id: string) => UUID.test(id);
