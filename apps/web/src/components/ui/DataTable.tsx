import type { ReactNode } from 'react';
import { LoadMore } from './LoadMore';
import { Spinner } from './Spinner';

/** What DataTable needs of a TanStack infinite query. */
export interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The admin lists' frame, written once: a spinner while loading, the error (`errorText` then the
 * server's message) in an alert, `empty` when there is nothing, else `children(items)` and Load More.
 */
export function DataTable<T>({
  query,
  items,
  errorText,
  empty,
  children,
}: {
  query: PagedQuery;
  items: T[];
  errorText: string;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending)
    return (
      <div className="grid place-items-center py-12">
        <Spinner />
      </div>
    );
  if (query.isError)
    return (
      <p role="alert" className="text-error">
        {errorText} {query.error?.message}
      </p>
    );
  if (items.length === 0)
    return <p className="rounded-card border border-border bg-surface p-8 text-center text-muted">{empty}</p>;
  return (
    <>
      {children(items)}
      {query.hasNextPage && <LoadMore onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} />}
    </>
  );
}
