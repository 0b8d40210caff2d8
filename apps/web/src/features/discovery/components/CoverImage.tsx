import { useState } from 'react';
import { cn } from '../../../lib/cn';

/** Cover art that falls back to the default cover when the image is missing or fails to load. */
export function CoverImage({ src, fallback, className }: { src: string | null; fallback: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = src && failed !== src ? src : fallback;
  return (
    <img
      src={url}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => src && setFailed(src)}
      className={cn('size-full object-cover', className)}
    />
  );
}
