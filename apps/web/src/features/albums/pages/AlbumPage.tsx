import { ALBUM_KIND_LABELS, formatTime } from '@wavecast/shared';
import { Play } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Spinner } from '../../../components/ui/Spinner';
import { profilePath } from '../../../lib/profilePath';
import { TrackListRow } from '../../player/components/TrackListRow';
import { usePlayerControls } from '../../player/PlayerProvider';
import { useAlbum } from '../queries';

/** /album/:id: an album or EP, its cover, release date and tracks in order; Play plays them in order. */
export default function AlbumPage() {
  const { id = '' } = useParams();
  const album = useAlbum(id);
  const player = usePlayerControls();
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
          <Button className="mt-4" onClick={playAll} disabled={a.tracks.length === 0}>
            <Play className="size-4" aria-hidden />
            Play
          </Button>
        </div>
      </header>
      <ol className="mt-8" aria-label="Tracks">
        {a.tracks.map((t, i) => (
          <TrackListRow key={t.id} track={t} index={i + 1} />
        ))}
      </ol>
    </div>
  );
}
