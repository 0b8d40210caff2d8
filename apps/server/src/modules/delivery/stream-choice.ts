import { isDiscoverable } from '../../access/tracks';
import { RENDITIONS } from '../../media/transcode';
import type { TrackRow } from '../tracks/repo';

// What a stream request gets, shared by the delivery route and the hot-media fast path.

const IMMUTABLE = 'max-age=31536000, immutable';

/** Public, ready tracks may sit in shared caches; anything only its owner sees may not. */
export function cacheControl(track: TrackRow, versioned: boolean): string {
  const scope = isDiscoverable(track) ? 'public' : 'private';
  return versioned ? `${scope}, ${IMMUTABLE}` : `${scope}, no-cache`;
}

/** The stream: the requested rendition, AAC by default (plays everywhere), the original until processed. */
export function pickStream(track: TrackRow, format: 'opus' | 'aac' | 'original' | undefined) {
  const media = track.media ?? {};
  if (format === 'opus' && media.opusKey) return { key: media.opusKey, type: RENDITIONS.opus.contentType };
  if (format !== 'original' && media.aacKey) return { key: media.aacKey, type: RENDITIONS.aac.contentType };
  return { key: track.audioKey, type: track.audioMime };
}
