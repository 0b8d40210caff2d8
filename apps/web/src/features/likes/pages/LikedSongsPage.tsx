import { timeAgo } from '@wavecast/shared';
import { Heart } from 'lucide-react';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Spinner } from '../../../components/ui/Spinner';
import { TrackListRow } from '../../player/components/TrackListRow';
import { usePlayerControls } from '../../player/PlayerProvider';
import { useLikedTracks } from '../liked-tracks';

/** Liked Songs: every track the listener liked, newest like first, with play all. */
export default function LikedSongsPage() {
  const liked = useLikedTracks();
  const { play, addToQueue, clearQueue } = usePlayerControls();
  const items = liked.data?.pages.flatMap((p) => p.items) ?? [];

  const playAll = () => {
    const [first, ...rest] = items;
    if (!first) return;
    clearQueue();
    play(first.track);
    for (const i of rest) addToQueue(i.track);
  };

  return (
    <div>
      <PageHeading
        title="Liked Songs"
        subtitle={
          liked.isSuccess
            ? `${items.length}${liked.hasNextPage ? '+' : ''} liked ${items.length === 1 ? 'track' : 'tracks'}`
            : undefined
        }
        actions={items.length > 0 && <Button onClick={playAll}>Play all</Button>}
      />
      {liked.isPending ? (
        <div className="grid place-items-center py-16">
          <Spinner />
        </div>
      ) : liked.isError ? (
        <p className="text-error">Could not load your liked songs. Please try again.</p>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-card border border-border bg-surface px-6 py-14 text-center">
          <Heart className="size-10 text-muted" aria-hidden />
          <h2 className="text-lg font-semibold">No liked songs yet</h2>
          <p className="max-w-sm text-sm text-muted">Tap the heart on any track to save it here.</p>
          <ButtonLink to="/explore">Explore</ButtonLink>
        </div>
      ) : (
        <>
          <ol className="space-y-1" aria-label="Liked songs">
            {items.map((item, i) => (
              <TrackListRow
                key={item.track.id}
                track={item.track}
                index={i + 1}
                meta={`liked ${timeAgo(item.likedAt)}`}
              />
            ))}
          </ol>
          {liked.hasNextPage && (
            <div className="mt-6 flex justify-center">
              <Button variant="outline" onClick={() => void liked.fetchNextPage()} disabled={liked.isFetchingNextPage}>
                {liked.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
