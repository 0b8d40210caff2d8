import type { TTrack } from '@wavecast/shared';

/**
 * The URL the one <audio> element plays: the first of the track's renditions this browser can
 * play (Opus, then AAC), else `audioUrl` (the server's best pick, or the original).
 */
export function pickSource(track: Pick<TTrack, 'audioUrl' | 'sources'>, canPlayType: (type: string) => string): string {
  for (const s of track.sources ?? []) {
    if (canPlayType(s.type) !== '') return s.url;
  }
  return track.audioUrl;
}
