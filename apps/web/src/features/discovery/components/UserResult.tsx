import { pluralize, type TUserCard } from '@wavecast/shared';
import { Avatar } from '../../../components/ui/Avatar';
import { ButtonLink } from '../../../components/ui/Button';
import { profilePath } from '../../../lib/profilePath';

/** A user in search results, with View Profile. */
export function UserResult({ user }: { user: TUserCard }) {
  const name = user.displayName || 'Unknown Creator';
  return (
    <article className="flex items-center gap-4 rounded-card bg-surface p-4">
      <Avatar src={user.avatarUrl} name={user.displayName} email={user.email} size="md" />
      <div className="min-w-0 flex-1">
        <h3 className="truncate font-semibold">{name}</h3>
        <p className="text-sm text-muted capitalize">{user.role}</p>
        <p className="text-xs text-muted">
          {user.followerCount !== null && <>{pluralize(user.followerCount, 'follower')} · </>}
          {user.trackCount.toLocaleString('en')} tracks
        </p>
        {user.email && <p className="truncate text-xs text-muted">{user.email}</p>}
      </div>
      <ButtonLink to={profilePath(user)} variant="outline" size="sm" aria-label={`View Profile of ${name}`}>
        View Profile
      </ButtonLink>
    </article>
  );
}
