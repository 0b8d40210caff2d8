import { useState } from 'react';
import { cn } from '../../lib/cn';

const SIZES = {
  sm: 'size-8 text-sm',
  md: 'size-10 text-base',
  lg: 'size-16 text-2xl',
  xl: 'size-24 text-4xl',
} as const;

/**
 * A user's picture, or the initial letter of their display name (of their email as a fallback)
 * when they have none or it fails to load.
 */
export function Avatar({
  src,
  name,
  email,
  size = 'md',
  className,
}: {
  src?: string | null;
  name?: string | null;
  email?: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const initial = (name?.trim() || email || '?').charAt(0).toUpperCase();
  const showImage = src && failed !== src;
  return (
    <span
      className={cn(
        'grid shrink-0 place-items-center overflow-hidden rounded-full bg-primary-strong font-bold text-primary-fg select-none',
        SIZES[size],
        className,
      )}
      aria-hidden
    >
      {showImage ? <img src={src} alt="" className="size-full object-cover" onError={() => setFailed(src)} /> : initial}
    </span>
  );
}
