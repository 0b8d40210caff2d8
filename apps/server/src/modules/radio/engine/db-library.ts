import type { AppContext } from '../../../context';
import type { TrackLibrary } from './types';

/** Tracks from the database (ready, visible ones) with their cues (`track_cues`) and audio from storage. */
export function dbTrackLibrary(_ctx: AppContext): TrackLibrary {
  throw new Error('not implemented yet');
}
