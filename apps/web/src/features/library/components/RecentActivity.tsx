import type { TLibraryActivity } from '@wavecast/shared';
import { timeAgo } from '@wavecast/shared';
import { Heart, MessageCircle, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { profilePath } from '../../../lib/profilePath';

function Line({ item }: { item: TLibraryActivity }) {
  if (item.type === 'follow') {
    return (
      <>
        You followed{' '}
        <Link to={profilePath(item.user)} className="font-semibold hover:underline">
          {item.user.displayName ?? 'Unknown Creator'}
        </Link>
      </>
    );
  }
  const track = (
    <Link to={`/audio/${item.track.id}`} className="font-semibold hover:underline">
      {item.track.title}
    </Link>
  );
  if (item.type === 'like') return <>You liked {track}</>;
  return (
    <>
      You commented on {track}: <span className="text-muted">“{item.content}”</span>
    </>
  );
}

const ICONS = { like: Heart, comment: MessageCircle, follow: UserPlus } as const;

/** What the user did lately: likes, comments and follows, newest first. */
export function RecentActivity({ items }: { items: TLibraryActivity[] }) {
  if (items.length === 0) return <p className="py-6 text-center text-muted">No recent activity to display</p>;
  return (
    <ul className="divide-y divide-border" data-testid="recent-activity">
      {items.map((item) => {
        const Icon = ICONS[item.type];
        return (
          <li
            key={`${item.type}-${item.at}-${item.type === 'follow' ? item.user.id : item.track.id}`}
            className="flex items-start gap-3 py-3"
          >
            <span className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-full bg-surface-2">
              <Icon className="size-4 text-primary" aria-hidden />
            </span>
            <div className="min-w-0 flex-1">
              <p className="break-words text-sm">
                <Line item={item} />
              </p>
              <p className="text-xs text-muted">
                <time dateTime={item.at}>{timeAgo(item.at)}</time>
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
