import { useState } from 'react';
import { cn } from '../../../lib/cn';

/**
 * Cover art that falls back to the default cover when the image is missing or fails to load.
 * `eager` for covers a page shows above the fold (the largest of them is what Lighthouse times).
 */
export function CoverImage({
  src,
  fallback,
  className,
  eager = false,
}: {
  src: string | null;
  fallback: string;
  className?: string;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = src && failed !== src ? src : fallback;
  return (
    <img
      src={url}
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      onError={() => src && setFailed(src)}
      className={cn('size-full object-cover', className)}
    />
  );
}
