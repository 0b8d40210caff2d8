import { playCountThreshold } from '@wavecast/shared';

interface TrackAccess {
  userId: string;
  isPublic: boolean;
  status: string;
}

/** A track is visible to everyone once public and ready; always to its owner. */
export function canSeeTrack(viewerId: string | null, track: TrackAccess): boolean {
  return (track.isPublic && track.status === 'ready') || (viewerId !== null && track.userId === viewerId);
}

/** Whether a report of this much listening earns a play (the window is checked against stored events). */
export function reachesThreshold(secondsListened: number, durationSeconds: number): boolean {
  return secondsListened >= playCountThreshold(durationSeconds);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else cannot exist (and must not reach a uuid column as a query error). */
export const isId = (id: string) => UUID.test(id);
