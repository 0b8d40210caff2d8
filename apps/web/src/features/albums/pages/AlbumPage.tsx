import { ALBUM_KIND_LABELS, formatTime } from '@wavecast/shared';
import { Pencil, Play } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Spinner } from '../../../components/ui/Spinner';
import { profilePath } from '../../../lib/profilePath';
import { TrackListRow } from '../../player/components/TrackListRow';
import { usePlayerControls } from '../../player/PlayerProvider';
import { useAlbum } from '../queries';

// The editor is for the album's creator only: its code loads when they open it.
const AlbumEditor = lazy(() => import('../components/AlbumEditor'));

/** /album/:id: an album or EP, its cover, release date and tracks in order; Play plays them in order. */
export default function AlbumPage() {
  const { id = '' } = useParams();
  const album = useAlbum(id);
  const player = usePlayerControls();
  const [editing, setEditing] = useState(false);
  if (album.isPending)
    return (
      <div className="grid place-items-center py-24">
        <Spinner />
      </div>
    );
  if (album.isError)
    return (
      <EmptyState title="Album not found">
        <Link to="/explore" className="text-primary hover:underline">
          Back to Explore
        </Link>
      </EmptyState>
    );
  const a = album.data;
  const playAll = () => {
    const [first, ...rest] = a.tracks;
    if (!first) return;
    player.clearQueue();
    player.play(first);
    for (const t of rest) player.addToQueue(t);
  };
  return (
    <div className="mx-auto max-w-5xl">
      <header className="flex flex-col gap-6 sm:flex-row sm:items-end">
        <img src={a.coverUrl} alt="" className="aspect-square w-48 rounded-card object-cover shadow-lg" />
        <div className="min-w-0">
          <p className="text-sm font-medium uppercase tracking-wide text-muted">
            {ALBUM_KIND_LABELS[a.kind]}
            {!a.released && ' · Scheduled'}
          </p>
          <h1 className="mt-1 text-3xl font-extrabold md:text-4xl">{a.title}</h1>
          <p className="mt-2 text-muted">
            <Link to={profilePath(a.creator)} className="font-medium text-fg hover:underline">
              {a.creator.displayName ?? 'Unknown Creator'}
            </Link>{' '}
            · Released <time dateTime={a.releaseDate}>{a.releaseDate}</time> · {a.trackCount}{' '}
            {a.trackCount === 1 ? 'track' : 'tracks'} · {formatTime(a.duration)}
          </p>
          {a.description && <p className="mt-3 max-w-2xl whitespace-pre-line">{a.description}</p>}
          <div className="mt-4 flex flex-wrap gap-2">
            <Button onClick={playAll} disabled={a.tracks.length === 0}>
              <Play className="size-4" aria-hidden />
              Play
            </Button>
            {a.canEdit && (
              <Button variant="secondary" onClick={() => setEditing(true)}>
                <Pencil className="size-4" aria-hidden />
                Edit album
              </Button>
            )}
          </div>
        </div>
      </header>
      <ol className="mt-8" aria-label="Tracks">
        {a.tracks.map((t, i) => (
          <TrackListRow key={t.id} track={t} index={i + 1} />
        ))}
      </ol>
      {editing && (
        <Suspense fallback={null}>
          <AlbumEditor album={a} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </div>
  );
}
