import { RENDITIONS } from '../../media/transcode';
import { streamVersion } from '../tracks/presenter';
import type { TrackRow } from '../tracks/repo';

const extOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/**
 * The file a feed item's enclosure serves: the AAC rendition (plays in every podcast app) once
 * processed, else the original. The URL is the enclosure's own path (not the player's stream), so
 * downloads by podcast apps can be counted apart from plays; it changes only when the file does.
 */
export function enclosureOf(track: Pick<TrackRow, 'id' | 'audioKey' | 'audioMime' | 'media'>) {
  const aac = track.media?.aacKey;
  const key = aac ?? track.audioKey;
  const type = aac ? RENDITIONS.aac.contentType : track.audioMime;
  const ext = aac ? 'm4a' : extOf(track.audioKey);
  return { key, type, url: `/api/podcasts/enclosures/${track.id}/episode.${ext}?v=${streamVersion(track)}` };
}
