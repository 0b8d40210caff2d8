import { formatTime, pluralize, type TPlaylistSummary } from '@wavecast/shared';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ClampedText } from '../../../components/ui/ClampedText';
import { Spinner } from '../../../components/ui/Spinner';
import { useUserPlaylists } from '../queries';

/** Playlist cards in a responsive grid; `first` can lead the grid (e.g. a Create tile). */
export function PlaylistGrid({ playlists, first }: { playlists: TPlaylistSummary[]; first?: ReactNode }) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5" data-testid="playlist-grid">
      {first && <li>{first}</li>}
      {playlists.map((p) => (
        <li key={p.id}>
          <PlaylistCard playlist={p} />
        </li>
      ))}
    </ul>
  );
}

export function PlaylistCard({ playlist: p }: { playlist: TPlaylistSummary }) {
  return (
    <Link
      to={`/playlist/${p.id}`}
      className="group block rounded-card bg-surface p-3 transition-colors hover:bg-surface-2"
    >
      <img src={p.coverUrl} alt="" className="aspect-square w-full rounded-lg object-cover" />
      <p className="mt-2 flex items-start gap-1 font-semibold leading-snug">
        <span className="min-w-0">
          <ClampedText text={p.name} />
        </span>
        {!p.isPublic && <Lock className="size-3.5 shrink-0 text-muted" aria-label="Private" />}
      </p>
      <p className="truncate text-sm text-muted">
        {pluralize(p.trackCount, 'track')}
        {p.trackCount > 0 && ` · ${formatTime(p.totalDuration)}`}
      </p>
    </Link>
  );
}

/**
 * A user's playlists as the viewer may see them (profiles' Playlists / Public Playlists tab):
 * public ones, or all of them for the user themself.
 */
export function UserPlaylists({
  userId,
  emptyText = 'No public playlists yet',
}: {
  userId: string;
  emptyText?: string;
}) {
  const query = useUserPlaylists(userId);
  if (query.isPending) {
    return (
      <div className="grid place-items-center py-12">
        <Spinner />
      </div>
    );
  }
  if (query.isError) return <p className="text-error">Could not load playlists. Please try again.</p>;
  if (query.data.items.length === 0) return <p className="py-8 text-center text-muted">{emptyText}</p>;
  return <PlaylistGrid playlists={query.data.items} />;
}
