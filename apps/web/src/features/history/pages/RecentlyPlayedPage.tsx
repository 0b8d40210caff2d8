import { timeAgo } from '@wavecast/shared';
import { History } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/Button';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Spinner } from '../../../components/ui/Spinner';
import { TrackListRow } from '../../player/components/TrackListRow';
import { ContinueListeningShelf } from '../components/ContinueListeningShelf';
import { useRecentlyPlayed } from '../queries';

/** Recently Played: the signed-in listener's history, newest first, each track once. */
export default function RecentlyPlayedPage() {
  const history = useRecentlyPlayed();
  const items = history.data?.items ?? [];
  return (
    <div>
      <PageHeading title="Recently Played" subtitle="Tracks you listened to, most recent first." />
      <ContinueListeningShelf className="mb-8" />
      {history.isPending ? (
        <div className="grid place-items-center py-16">
          <Spinner />
        </div>
      ) : history.isError ? (
        <p className="text-error">Could not load your listening history. Please try again.</p>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-card border border-border bg-surface px-6 py-14 text-center">
          <History className="size-10 text-muted" aria-hidden />
          <h2 className="text-lg font-semibold">Nothing played yet</h2>
          <p className="max-w-sm text-sm text-muted">Tracks you listen to will show up here.</p>
          <ButtonLink to="/explore">Explore</ButtonLink>
        </div>
      ) : (
        <ol className="space-y-1" aria-label="Recently played tracks">
          {items.map((item, i) => (
            <TrackListRow key={item.track.id} track={item.track} index={i + 1} meta={timeAgo(item.playedAt)} />
          ))}
        </ol>
      )}
    </div>
  );
}
