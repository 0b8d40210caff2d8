import { cn } from '../../lib/cn';

export function Spinner({ className }: { className?: string }) {
  return (
    <span
      role="status"
      aria-label="Loading"
      className={cn(
        'inline-block size-8 animate-spin rounded-full border-4 border-primary/30 border-t-primary',
        className,
      )}
    />
  );
}

export function FullScreenSpinner() {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-bg" data-testid="fullscreen-spinner">
      <Spinner className="size-12" />
    </div>
  );
}
