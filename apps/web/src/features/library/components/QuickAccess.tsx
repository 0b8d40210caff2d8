import { Compass, Heart, History, ListMusic } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';

const TILES: { to: string; label: string; icon: ComponentType<{ className?: string }>; tone: string }[] = [
  { to: '/dashboard/listener/liked', label: 'Liked Songs', icon: Heart, tone: 'from-primary/60' },
  { to: '/dashboard/listener/recent', label: 'Recently Played', icon: History, tone: 'from-success/50' },
  { to: '/dashboard/listener/playlists', label: 'Your Playlists', icon: ListMusic, tone: 'from-warning/50' },
  { to: '/explore', label: 'Discover', icon: Compass, tone: 'from-live/50' },
];

/** Quick-access tiles to the parts of the library. */
export function QuickAccess() {
  return (
    <nav aria-label="Quick access" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {TILES.map(({ to, label, icon: Icon, tone }) => (
        <Link
          key={to}
          to={to}
          className={`flex items-center gap-2 rounded-lg bg-gradient-to-r ${tone} to-surface px-3 py-3 font-semibold leading-tight hover:brightness-110 sm:gap-3 sm:px-4`}
        >
          <Icon className="size-5 shrink-0" aria-hidden />
          {/* Whole words on two lines at most, never 'Liked So…' (issue 36). */}
          <span className="line-clamp-2 min-w-0 break-words">{label}</span>
        </Link>
      ))}
    </nav>
  );
}
