import { isDiscoverable } from '../../access/tracks';
import { RENDITIONS } from '../../media/transcode';
import type { TrackRow } from '../tracks/repo';
import type { DeliveryTrack } from './cache';

// What a stream request gets, shared by the delivery route and the hot-media fast path.

const IMMUTABLE = 'max-age=31536000, immutable';

export type StreamFormat = 'opus' | 'aac' | 'original';

/**
 * Whether the answer at this URL depends on who asks: the Opus stream of a track with an HD
 * rendition is the HD one for listeners whose plan has HD listening. Such answers carry
 * `Vary: Cookie`, and the anonymous one (never HD) is the only one shared caches may keep.
 */
export function variesByViewer(track: TrackRow, format: StreamFormat | undefined): boolean {
  return format === 'opus' && Boolean(track.media?.opusKey && track.media?.hdKey);
}

/**
 * Public, ready tracks may sit in shared caches; anything only its owner sees may not. A signed-in
 * viewer's answer that depends on their plan is private and revalidated (`no-cache`: the ETag
 * tells), so a plan change is heard at the next play rather than after a year of browser cache.
 */
export function cacheControl(track: DeliveryTrack, versioned: boolean, personal = false): string {
  if (personal) return 'private, no-cache';
  const scope = isDiscoverable(track) ? 'public' : 'private';
  return versioned ? `${scope}, ${IMMUTABLE}` : `${scope}, no-cache`;
}

/**
 * The stream: the requested rendition, AAC by default (plays everywhere), the original until
 * processed. `hdListening` (decided on the server from the viewer's plan, never from the URL)
 * swaps the Opus rendition for the HD one where the track has it.
 */
export function pickStream(track: TrackRow, format: StreamFormat | undefined, hdListening = false) {
  const media = track.media ?? {};
  if (format === 'opus' && media.opusKey) {
    if (hdListening && media.hdKey) return { key: media.hdKey, type: RENDITIONS.hd.contentType };
    return { key: media.opusKey, type: RENDITIONS.opus.contentType };
  }
  if (format !== 'original' && media.aacKey) return { key: media.aacKey, type: RENDITIONS.aac.contentType };
  return { key: track.audioKey, type: track.audioMime };
}

/** Whether a request carries a session cookie (the auth hook resolves it). */
export const hasSessionCookie = (cookie: string | undefined): boolean =>
  cookie?.includes('better-auth.session_token') ?? false;

const SESSION_TOKEN = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]{1,512})/;

/** The session cookie's value (the signed token), or null: what the fast path remembers a viewer by. */
export function sessionToken(cookie: string | undefined): string | null {
  const m = cookie ? SESSION_TOKEN.exec(cookie) : null;
  return m ? m[1].trim() : null;
}
