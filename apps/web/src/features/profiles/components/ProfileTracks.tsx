import { Music } from 'lucide-react';
import { EmptyState } from '../../../components/ui/EmptyState';
import { LoadMore } from '../../../components/ui/LoadMore';
import { TrackGrid, TrackGridSkeleton } from '../../discovery/components/TrackGrid';
import { useProfileTracks } from '../queries';

export function ProfileTracks({ id }: { id: string }) {
  const tracks = useProfileTracks(id, true);
  const items = tracks.data?.pages.flatMap((p) => p.items) ?? [];
  if (tracks.isPending) return <TrackGridSkeleton count={6} />;
  if (items.length === 0) {
    return (
      <EmptyState title="No tracks yet" icon={<Music className="size-10" aria-hidden />}>
        <p>Public uploads will show up here.</p>
      </EmptyState>
    );
  }
  return (
    <>
      <TrackGrid tracks={items} label="Tracks" aboveFold />
      {tracks.hasNextPage && (
        <LoadMore onClick={() => void tracks.fetchNextPage()} loading={tracks.isFetchingNextPage} />
      )}
    </>
  );
}
