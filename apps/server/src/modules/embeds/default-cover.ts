import path from 'node:path';
import { DEFAULT_COVER_URL } from '@wavecast/shared';
import { ASSETS_DIR } from '../../paths';

/**
 * The default cover as other sites and apps get it (og:image, oEmbed thumbnails): social cards
 * and podcast apps take no SVG, and the SPA's files are same-origin only. So they get a 512 px PNG
 * of the web app's SVG (13 KB, made once with ffmpeg's librsvg and committed), served with
 * `Cross-Origin-Resource-Policy: cross-origin` (embeds/routes.ts). The web UI keeps the SVG.
 */
export const DEFAULT_COVER_IMAGE_URL = '/default-cover.png';
export const DEFAULT_COVER_IMAGE_FILE = path.join(ASSETS_DIR, 'default-cover.png');

/** A cover path as handed to other sites: the PNG instead of the web app's SVG default. */
export const coverForOtherSites = (url: string) => (url === DEFAULT_COVER_URL ? DEFAULT_COVER_IMAGE_URL : url);
