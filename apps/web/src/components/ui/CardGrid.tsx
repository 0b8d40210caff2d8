import type { ReactNode } from 'react';

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4 lg:grid-cols-4 xl:grid-cols-6';

/** The responsive grid of cards (tracks, playlists…): its children are the `<li>` items. */
export function CardGrid({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul className={GRID} aria-label={label}>
      {children}
    </ul>
  );
}

export const skeletonKeys = (n: number) => Array.from({ length: n }, (_, i) => `skeleton-${i}`);

/** Placeholder cards while a list loads, so the page does not jump. */
export function CardGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className={GRID} aria-hidden data-testid="track-skeleton">
      {skeletonKeys(count).map((key) => (
        <div key={key} className="rounded-card bg-surface p-3">
          <div className="aspect-square animate-pulse rounded-lg bg-surface-2" />
          <div className="mt-3 h-4 w-3/4 animate-pulse rounded bg-surface-2" />
          <div className="mt-2 h-3 w-1/2 animate-pulse rounded bg-surface-2" />
        </div>
      ))}
    </div>
  );
}
