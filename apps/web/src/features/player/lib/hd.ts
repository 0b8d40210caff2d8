import type { TTrack } from '@wavecast/shared';
import { pickSource } from './source';

/**
 * Whether the listener hears the HD rendition (the player's "HD" badge): the track has one, their
 * plan has HD listening, and this browser plays the Opus source, where the server serves it.
 */
export function hearsHd(
  track: Pick<TTrack, 'hd' | 'audioUrl' | 'sources'>,
  hdListening: boolean,
  canPlayType: (type: string) => string,
): boolean {
  return Boolean(track.hd && hdListening && pickSource(track, canPlayType).includes('format=opus'));
}
