import { formatTime } from '@wavecast/shared';
import { Link } from 'react-router';
import { ClampedText } from '../../../components/ui/ClampedText';
import { useSession } from '../../auth/session';
import { PlayTrackButton } from '../../player/components/PlayTrackButton';
import { useContinueListening } from '../queries';

/** "Continue listening": unfinished long tracks (podcasts, audiobooks) for a signed-in listener. */
export function ContinueListeningShelf({ className }: { className?: string }) {
  const { user } = useSession();
  const query = useContinueListening();
  const items = query.data?.items ?? [];
  if (!user || items.length === 0) return null;
  return (
    <section aria-labelledby="continue-listening" className={className}>
      <h2 id="continue-listening" className="mb-4 text-2xl font-bold tracking-tight">
        Continue listening
      </h2>
      <ul className="-mx-1 flex snap-x gap-4 overflow-x-auto px-1 pb-2">
        {items.map(({ track, positionSeconds }) => {
          const progress = track.duration > 0 ? Math.min(100, (positionSeconds / track.duration) * 100) : 0;
          return (
            <li key={track.id} className="w-56 shrink-0 snap-start" data-testid="continue-item">
              <div className="group relative overflow-hidden rounded-card bg-surface">
                <img src={track.coverUrl} alt="" className="aspect-square w-full object-cover" />
                <PlayTrackButton track={track} startAt={positionSeconds} className="absolute right-3 bottom-5" />
                <div className="absolute inset-x-0 bottom-0 h-1 bg-border">
                  <div className="h-full bg-primary" style={{ width: `${progress}%` }} />
                </div>
              </div>
              <Link to={`/audio/${track.id}`} className="mt-2 block font-semibold leading-snug hover:underline">
                <ClampedText text={track.title} />
              </Link>
              <p className="truncate text-sm text-muted">
                {formatTime(track.duration - positionSeconds)} left · {track.creator.displayName ?? 'Unknown Artist'}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
