import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const SIZES = {
  md: 'px-3 py-2',
  sm: 'h-10 px-3',
  xs: 'px-2 py-1.5',
} as const;

/**
 * The design system's select: a native <select> (keyboard, screen readers and phones' pickers for
 * free) in the theme's field style. Width comes from `className` (`w-full` in forms).
 */
export function Select({
  size = 'md',
  className,
  ...props
}: Omit<ComponentProps<'select'>, 'size'> & { size?: keyof typeof SIZES }) {
  return (
    <select
      className={cn(
        'rounded-lg border border-border bg-bg text-sm text-fg focus:border-primary focus:outline-none disabled:opacity-60 aria-[invalid=true]:border-error',
        SIZES[size],
        className,
      )}
      {...props}
    />
  );
}
