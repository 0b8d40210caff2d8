import { COVER_SIZES } from './constants';

/** Our track cover endpoint makes every size of COVER_SIZES (`?size=`); other images have one size. */
const OWN_COVER = /^\/api\/tracks\/[^/?]+\/cover(\?|$)/;

/**
 * `srcset` over the cover sizes the media pipeline made, for our own cover URLs. The web's `<img>`
 * and the server's LCP preload (ADR 0022) build it here, so the browser picks the same file.
 */
export function coverSrcSet(url: string): string | undefined {
  if (!OWN_COVER.test(url)) return undefined;
  const join = url.includes('?') ? '&' : '?';
  return COVER_SIZES.map((s) => `${url}${join}size=${s} ${s}w`).join(', ');
}

/** `sizes` of a card in the track grids (web CardGrid: 2, 3, 4 then 6 columns in max-w-7xl). */
export const CARD_COVER_SIZES = '(min-width: 1280px) 200px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw';
/** `sizes` of the audio page's cover (max-w-72: at most 288 px wide). */
export const DETAIL_COVER_SIZES = '288px';
