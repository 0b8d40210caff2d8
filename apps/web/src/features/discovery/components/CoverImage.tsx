import { COVER_SIZES } from '@wavecast/shared';
import { useState } from 'react';
import { cn } from '../../../lib/cn';

/** Our cover endpoint makes every size of COVER_SIZES (`?size=`); other images have one size. */
const OWN_COVER = /^\/api\/tracks\/[^/?]+\/cover(\?|$)/;

/** `srcset` over the sizes the media pipeline made, for our own cover URLs. */
export function coverSrcSet(url: string): string | undefined {
  if (!OWN_COVER.test(url)) return undefined;
  const join = url.includes('?') ? '&' : '?';
  return COVER_SIZES.map((s) => `${url}${join}size=${s} ${s}w`).join(', ');
}

/** A card in the track grids (web components/ui/CardGrid: 2, 3, 4 then 6 columns in max-w-7xl). */
export const CARD_COVER_SIZES = '(min-width: 1280px) 200px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw';

/** The audio page's cover (max-w-72: at most 288 px wide). */
export const DETAIL_COVER_SIZES = '288px';

/**
 * Cover art that falls back to the default cover when the image is missing or fails to load.
 * `eager` for covers a page shows above the fold (the largest of them is what Lighthouse times).
 * Square, sized by its box: width/height give the browser the ratio before the image arrives.
 */
export function CoverImage({
  src,
  fallback,
  className,
  eager = false,
  sizes = CARD_COVER_SIZES,
}: {
  src: string | null;
  fallback: string;
  className?: string;
  eager?: boolean;
  sizes?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = src && failed !== src ? src : fallback;
  const srcSet = coverSrcSet(url);
  return (
    <img
      src={url}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={640}
      height={640}
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      onError={() => src && setFailed(src)}
      className={cn('size-full object-cover', className)}
    />
  );
}
