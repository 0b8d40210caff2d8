import { Repeat2 } from 'lucide-react';
import { EmptyState } from '../../../components/ui/EmptyState';
import { LoadMore } from '../../../components/ui/LoadMore';
import { TrackGrid, TrackGridSkeleton } from '../../discovery/components/TrackGrid';
import { useProfileReposts } from '../queries';

/** A profile's Reposts tab: tracks the user passed on to their followers, newest repost first. */
export function ProfileReposts({ id, name }: { id: string; name: string }) {
  const reposts = useProfileReposts(id);
  const items = reposts.data?.pages.flatMap((p) => p.items) ?? [];
  if (reposts.isPending) return <TrackGridSkeleton count={6} />;
  if (items.length === 0) {
    return (
      <EmptyState title="No reposts yet" icon={<Repeat2 className="size-10" aria-hidden />}>
        <p>Tracks {name} reposts will show up here.</p>
      </EmptyState>
    );
  }
  return (
    <>
      {/* The cards' titles are h3: an outline level between them and the name (h1). */}
      <h2 className="sr-only">Reposted by {name}</h2>
      <TrackGrid tracks={items} label="Reposts" />
      {reposts.hasNextPage && (
        <LoadMore onClick={() => void reposts.fetchNextPage()} loading={reposts.isFetchingNextPage} />
      )}
    </>
  );
}
