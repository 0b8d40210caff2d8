import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { EXPLORE_TILES } from '../categories';

/** Browse Categories: a tile per Explore category, to /explore?category={lowercased name}. */
export function CategoryTiles() {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {EXPLORE_TILES.map(({ name, icon: Icon, tint }) => (
        <li key={name}>
          <Link
            to={`/explore?category=${encodeURIComponent(name.toLowerCase())}`}
            className={cn(
              'flex h-24 flex-col justify-between rounded-card bg-gradient-to-br p-4 font-semibold text-white transition-transform hover:scale-[1.02]',
              tint,
            )}
          >
            <Icon className="size-6" aria-hidden />
            {name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
