import { cn } from '../../../lib/cn';

/** The red LIVE marker with a pulsing dot. */
export function LiveBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full bg-live px-2.5 py-0.5 text-xs font-bold tracking-wider text-white uppercase',
        className,
      )}
    >
      <span className="size-1.5 animate-pulse rounded-full bg-white" aria-hidden />
      Live
    </span>
  );
}
