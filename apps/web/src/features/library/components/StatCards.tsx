import { RECENTLY_PLAYED_DAYS, type TLibraryStats } from '@wavecast/shared';
import { Clock, Heart, History, ListMusic } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';

function Card({
  to,
  icon: Icon,
  label,
  value,
  hint,
}: {
  to: string;
  icon: ComponentType<{ className?: string }>;
  label: string;
  value: string;
  hint?: string;
}) {
  return (
    <Link
      to={to}
      className="rounded-card border border-border bg-surface p-4 transition-colors hover:bg-surface-2 sm:p-5"
    >
      <div className="flex items-center justify-between text-sm text-muted">
        <span>{label}</span>
        <Icon className="size-5 text-primary" aria-hidden />
      </div>
      <p
        className="mt-2 text-3xl font-bold tabular-nums"
        data-testid={`stat-${label.toLowerCase().replaceAll(' ', '-')}`}
      >
        {value}
      </p>
      {hint && <p className="mt-1 text-xs text-muted">{hint}</p>}
    </Link>
  );
}

/** The listener dashboard's four cards, from real figures. */
export function StatCards({ stats }: { stats?: TLibraryStats }) {
  const n = (v: number | undefined) => (v === undefined ? '–' : String(v));
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <Card to="/dashboard/listener/liked" icon={Heart} label="Liked Songs" value={n(stats?.likedCount)} />
      <Card
        to="/dashboard/listener/playlists"
        icon={ListMusic}
        label="Your Playlists"
        value={n(stats?.playlistCount)}
      />
      <Card
        to="/dashboard/listener/recent"
        icon={Clock}
        label="Hours Listened"
        value={stats ? stats.hoursListened.toFixed(1) : '–'}
      />
      <Card
        to="/dashboard/listener/recent"
        icon={History}
        label="Recently Played"
        value={n(stats?.recentlyPlayedCount)}
        hint={`Tracks in the last ${RECENTLY_PLAYED_DAYS} days`}
      />
    </div>
  );
}
