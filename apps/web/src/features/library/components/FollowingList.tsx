import type { TFollowedCreator } from '@wavecast/shared';
import { Link } from 'react-router';
import { profilePath } from '../../../lib/profilePath';

/** Creators (and people) the user follows, newest first. */
export function FollowingList({ people }: { people: TFollowedCreator[] }) {
  if (people.length === 0) {
    return (
      <p className="text-muted">
        You don't follow anyone yet.{' '}
        <Link to="/explore" className="text-primary hover:underline">
          Find creators on Explore
        </Link>
      </p>
    );
  }
  return (
    <ul className="-mx-1 flex gap-4 overflow-x-auto px-1 pb-2">
      {people.map((p) => {
        const name = p.displayName ?? 'Unknown Creator';
        return (
          <li key={p.id} className="w-24 shrink-0 text-center">
            <Link to={profilePath(p)} className="group block">
              {p.avatarUrl ? (
                <img src={p.avatarUrl} alt="" className="mx-auto size-20 rounded-full object-cover" />
              ) : (
                <span className="mx-auto grid size-20 place-items-center rounded-full bg-primary text-2xl font-bold">
                  {name.charAt(0).toUpperCase()}
                </span>
              )}
              <span className="mt-2 block truncate text-sm font-medium group-hover:underline">{name}</span>
              <span className="block text-xs text-muted capitalize">{p.role}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
