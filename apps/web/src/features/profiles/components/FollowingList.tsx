import { Lock, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/Avatar';
import { EmptyState } from '../../../components/ui/EmptyState';
import { LoadMore } from '../../../components/ui/LoadMore';
import { Spinner } from '../../../components/ui/Spinner';
import { profilePath } from '../../../lib/profilePath';
import { UNKNOWN_CREATOR } from '../../discovery/components/LiveCard';
import { useFollowing } from '../queries';

/** Whom the user follows: private, so only the user themself sees the list. */
export function FollowingList({ id, isSelf }: { id: string; isSelf: boolean }) {
  const following = useFollowing(id, isSelf);
  if (!isSelf) {
    return (
      <EmptyState title="The following list is private" icon={<Lock className="size-10" aria-hidden />}>
        <p>Only this listener can see whom they follow.</p>
      </EmptyState>
    );
  }
  if (following.isPending) {
    return (
      <div className="grid place-items-center py-12">
        <Spinner />
      </div>
    );
  }
  const items = following.data?.pages.flatMap((p) => p.items) ?? [];
  if (items.length === 0) {
    return (
      <EmptyState title="Not following anyone yet" icon={<Users className="size-10" aria-hidden />}>
        <p>Creators you follow will show up here.</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((u) => (
          <li key={u.id}>
            <Link
              to={profilePath(u)}
              className="flex items-center gap-3 rounded-card bg-surface p-4 hover:bg-surface-2"
            >
              <Avatar src={u.avatarUrl} name={u.displayName} size="md" />
              <span className="min-w-0">
                <span className="block truncate font-semibold">{u.displayName || UNKNOWN_CREATOR}</span>
                <span className="block text-sm text-muted capitalize">{u.role}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {following.hasNextPage && (
        <LoadMore onClick={() => void following.fetchNextPage()} loading={following.isFetchingNextPage} />
      )}
    </>
  );
}
