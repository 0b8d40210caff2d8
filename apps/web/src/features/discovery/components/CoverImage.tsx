import { CARD_COVER_SIZES, coverSrcSet } from '@wavecast/shared';
import { useState } from 'react';
import { cn } from '../../../lib/cn';

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
