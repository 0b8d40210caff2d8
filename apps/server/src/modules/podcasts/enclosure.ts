import { RENDITIONS } from '../../media/transcode';
import { streamVersion } from '../tracks/presenter';
import type { TrackRow } from '../tracks/repo';

const extOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/**
 * A title as a file-name part: ASCII letters and digits in lower case, accents dropped, anything
 * else a hyphen; at most 60 characters; "episode" when nothing is left (a title in another script).
 */
export function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return slug || 'episode';
}

/**
 * The file a feed item's enclosure serves: the AAC rendition (plays in every podcast app) once
 * processed, else the original. The URL is the enclosure's own path (not the player's stream), so
 * downloads by podcast apps can be counted apart from plays; it changes only when the file does.
 */
export function enclosureOf(track: Pick<TrackRow, 'id' | 'title' | 'audioKey' | 'audioMime' | 'media'>) {
  const aac = track.media?.aacKey;
  const key = aac ?? track.audioKey;
  const type = aac ? RENDITIONS.aac.contentType : track.audioMime;
  const ext = aac ? 'm4a' : extOf(track.audioKey);
  // The file name podcast apps save it under: unique per episode (`<slug>-<id>.<ext>`, issue 34).
  const file = `${slugOf(track.title)}-${track.id}.${ext}`;
  return { key, type, file, url: `/api/podcasts/enclosures/${track.id}/${file}?v=${streamVersion(track)}` };
}
