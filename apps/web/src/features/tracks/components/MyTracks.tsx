import { formatTime, pluralize, type TTrack } from '@wavecast/shared';
import { Globe, Lock, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { CoverImage } from '../../discovery/components/CoverImage';
import { useMyTracks } from '../queries';
import { DeleteTrackDialog } from './DeleteTrackDialog';
import { EditTrackDialog } from './EditTrackDialog';
import { StatusBadge } from './StatusBadge';

function TrackRow({ track }: { track: TTrack }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3 sm:flex-nowrap" data-testid="my-track">
      <div className="size-12 shrink-0 overflow-hidden rounded-md">
        <CoverImage src={track.coverUrl} fallback="/default-cover.svg" />
      </div>
      <div className="min-w-0 flex-1">
        <Link to={`/audio/${track.id}`} className="block truncate font-semibold hover:underline" title={track.title}>
          {track.title}
        </Link>
        <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
          <StatusBadge status={track.status} />
          <span className="inline-flex items-center gap-1">
            {track.isPublic ? <Globe className="size-3" aria-hidden /> : <Lock className="size-3" aria-hidden />}
            {track.isPublic ? 'Public' : 'Private'}
          </span>
          <span data-testid="my-track-plays">{pluralize(track.playCount, 'play')}</span>
          <span>{formatTime(track.duration)}</span>
        </div>
        {track.status === 'failed' && track.failureReason && (
          <p className="mt-1 text-xs text-error">{track.failureReason}</p>
        )}
      </div>
      <div className="flex gap-1">
        <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={`Edit ${track.title}`}>
          <Pencil className="size-4" aria-hidden /> <span className="hidden sm:inline">Edit</span>
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setDeleting(true)} aria-label={`Delete ${track.title}`}>
          <Trash2 className="size-4" aria-hidden /> <span className="hidden sm:inline">Delete</span>
        </Button>
      </div>
      <EditTrackDialog track={track} open={editing} onClose={() => setEditing(false)} />
      <DeleteTrackDialog track={track} open={deleting} onClose={() => setDeleting(false)} />
    </li>
  );
}

/** The creator's own tracks with status, visibility, plays, edit and delete. */
export function MyTracks() {
  const query = useMyTracks();
  const tracks = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="my-tracks-heading" className="rounded-card border border-border bg-surface p-4 sm:p-5">
      <h2 id="my-tracks-heading" className="mb-2 text-lg font-bold">
        Your Audio
      </h2>
      {query.isPending ? (
        <Spinner />
      ) : tracks.length === 0 ? (
        <div className="py-6 text-center">
          <p className="text-sm text-muted">You have not uploaded any audio yet.</p>
          <ButtonLink to="/creator/upload" size="sm" className="mt-3">
            Upload Audio
          </ButtonLink>
        </div>
      ) : (
        <ul className="divide-y divide-border">
          {tracks.map((t) => (
            <TrackRow key={t.id} track={t} />
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          className="mt-3"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading...' : 'Load More'}
        </Button>
      )}
    </section>
  );
}
