import { MESSAGES, type TCreatorActivity } from '@wavecast/shared';
import { Headphones, MessageCircle, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/Spinner';
import { TimeAgo } from '../../../components/ui/TimeAgo';
import { profilePath } from '../../../lib/profilePath';

const who = (u: { displayName: string | null } | null) => u?.displayName ?? 'Someone';

function Describe({ item }: { item: TCreatorActivity }) {
  const trackLink = (t: { id: string; title: string }) => (
    <Link to={`/audio/${t.id}`} className="font-semibold hover:underline">
      {t.title}
    </Link>
  );
  if (item.type === 'follow') {
    return (
      <>
        <Link to={profilePath(item.user)} className="font-semibold hover:underline">
          {who(item.user)}
        </Link>{' '}
        started following you
      </>
    );
  }
  if (item.type === 'comment') {
    return (
      <>
        <span className="font-semibold">{who(item.user)}</span> commented on {trackLink(item.track)}:{' '}
        <span className="text-muted">“{item.content}”</span>
      </>
    );
  }
  return (
    <>
      {trackLink(item.track)} {item.plays === 1 ? 'got its first play' : `reached ${item.plays.toLocaleString()} plays`}
    </>
  );
}

const ICONS = { follow: UserPlus, comment: MessageCircle, milestone: Headphones } as const;

/** New followers, comments on my tracks and play milestones, newest first. */
export function RecentActivity({ items, loading }: { items: TCreatorActivity[] | undefined; loading: boolean }) {
  return (
    <section aria-labelledby="activity-heading" className="rounded-card border border-border bg-surface p-4 sm:p-5">
      <h2 id="activity-heading" className="mb-4 text-lg font-bold">
        Recent Activity
      </h2>
      {loading ? (
        <Spinner />
      ) : !items?.length ? (
        <p className="text-sm text-muted">{MESSAGES.noRecentActivity}</p>
      ) : (
        <ul className="space-y-3">
          {items.map((item) => {
            const Icon = ICONS[item.type];
            return (
              <li key={item.id} className="flex gap-3 text-sm">
                <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                <div className="min-w-0">
                  <p className="break-words">
                    <Describe item={item} />
                  </p>
                  <p className="text-xs text-muted">
                    <TimeAgo date={item.at} />
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
