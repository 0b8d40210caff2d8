import {} from '@wavecast/shared';
import { Heart, History, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Spinner } from '../../../components/ui/Spinner';
import { TimeAgo } from '../../../components/ui/TimeAgo';
import { UNKNOWN_ARTIST } from '../../discovery/components/TrackCard';
import { useActivity } from '../queries';

/** Recent public activity: tracks liked and comments written. */
export function ActivityList({ id }: { id: string }) {
  const activity = useActivity(id, true);
  if (activity.isPending) {
    return (
      <div className="grid place-items-center py-12">
        <Spinner />
      </div>
    );
  }
  const items = activity.data ?? [];
  if (items.length === 0) {
    return (
      <EmptyState title="No recent activity" icon={<History className="size-10" aria-hidden />}>
        <p>Likes and comments will show up here.</p>
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-2">
      {items.map((a) => (
        <li key={`${a.kind}-${a.track.id}-${a.at}`} className="flex gap-3 rounded-card bg-surface p-4">
          {a.kind === 'like' ? (
            <Heart className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          ) : (
            <MessageSquare className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          )}
          <div className="min-w-0 flex-1">
            <p>
              {a.kind === 'like' ? 'Liked ' : 'Commented on '}
              <Link to={`/audio/${a.track.id}`} className="font-semibold hover:underline">
                {a.track.title}
              </Link>{' '}
              <span className="text-muted">by {a.track.creator.displayName || UNKNOWN_ARTIST}</span>
            </p>
            {a.kind === 'comment' && <p className="mt-1 break-words text-muted">“{a.comment}”</p>}
            <p className="mt-1 text-xs text-muted">
              <TimeAgo date={a.at} />
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
