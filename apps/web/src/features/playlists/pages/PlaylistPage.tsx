import { formatTime, PLAYLIST_MESSAGES, pluralize, type TPlaylist } from '@wavecast/shared';
import { Globe, Lock, Pencil, Play, Shuffle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { profilePath } from '../../../lib/profilePath';
import { toast } from '../../../lib/toast';
import { ListenTogetherButton } from '../../rooms/components/ListenTogetherButton';
import { ShareButton } from '../../share/ShareButton';
import { DeletePlaylistDialog } from '../components/DeletePlaylistDialog';
import { EditPlaylistDialog } from '../components/EditPlaylistDialog';
import { PlaylistCover } from '../components/PlaylistCover';
import { PlaylistTrackList } from '../components/PlaylistTrackList';
import { usePlayTracks } from '../hooks';
import { shuffled } from '../lib/order';
import { usePlaylist, useUpdatePlaylist } from '../queries';

/** `/playlist/:id`: a playlist with its tracks; its owner edits it here. */
export default function PlaylistPage() {
  const { id = '' } = useParams();
  const query = usePlaylist(id);

  if (query.isPending) {
    return (
      <div className="grid place-items-center py-24">
        <Spinner />
      </div>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="mx-auto max-w-md py-20 text-center">
        <h1 className="text-2xl font-bold">{missing ? PLAYLIST_MESSAGES.notFound : 'Could not load the playlist'}</h1>
        <p className="mt-2 text-muted">
          {missing ? 'It may be private, or it has been deleted.' : query.error.message}
        </p>
        <ButtonLink to="/dashboard/listener" className="mt-6">
          Back to Your Library
        </ButtonLink>
      </div>
    );
  }
  return <PlaylistView playlist={query.data} />;
}

function PlaylistView({ playlist }: { playlist: TPlaylist }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const playTracks = usePlayTracks();
  const update = useUpdatePlaylist(playlist.id);
  const tracks = playlist.items.map((i) => i.track);

  const togglePublic = () =>
    update.mutate(
      { isPublic: !playlist.isPublic },
      {
        onSuccess: (p) => toast.success(p.isPublic ? 'Playlist is now public' : 'Playlist is now private'),
        onError: (err) => toast.error(err.message),
      },
    );

  return (
    <div className="mx-auto max-w-5xl">
      <header className="flex flex-col gap-6 sm:flex-row sm:items-end">
        <PlaylistCover playlist={playlist} />
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wider text-muted">
            {playlist.isPublic ? <Globe className="size-3.5" aria-hidden /> : <Lock className="size-3.5" aria-hidden />}
            {playlist.isPublic ? 'Public Playlist' : 'Private Playlist'}
          </p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight break-words sm:text-5xl">{playlist.name}</h1>
          {playlist.description && <p className="mt-3 whitespace-pre-line text-muted">{playlist.description}</p>}
          <p className="mt-3 text-sm text-muted">
            <Link to={profilePath(playlist.owner)} className="font-semibold text-fg hover:underline">
              {playlist.owner.displayName ?? 'Unknown Creator'}
            </Link>
            {' · '}
            <span data-testid="playlist-count">{pluralize(playlist.trackCount, 'track')}</span>
            {' · '}
            <span data-testid="playlist-duration">{formatTime(playlist.totalDuration)}</span>
          </p>
        </div>
      </header>

      <div className="mt-6 flex flex-wrap items-center gap-2">
        <Button
          size="lg"
          onClick={() => playTracks(tracks)}
          disabled={tracks.length === 0}
          aria-label={`Play ${playlist.name}`}
        >
          <Play className="size-5 fill-current" aria-hidden />
          Play
        </Button>
        <Button
          variant="outline"
          size="lg"
          onClick={() => playTracks(shuffled(tracks))}
          disabled={tracks.length === 0}
          aria-label={`Shuffle ${playlist.name}`}
        >
          <Shuffle className="size-5" aria-hidden />
          Shuffle
        </Button>
        {/* A private playlist's link would open for its owner only: shared once public. */}
        {tracks.length > 0 && <ListenTogetherButton source={{ kind: 'playlist', id: playlist.id }} />}
        {playlist.isPublic && (
          <ShareButton
            target={{
              kind: 'playlist',
              id: playlist.id,
              title: playlist.name,
              path: `/playlist/${playlist.id}`,
              embeddable: true,
            }}
          />
        )}
        {playlist.canManage && (
          <>
            <button
              type="button"
              role="switch"
              aria-checked={playlist.isPublic}
              onClick={togglePublic}
              disabled={update.isPending}
              className="ml-auto flex items-center gap-2 rounded-full px-2 py-1 text-sm text-muted hover:text-fg"
            >
              <span
                className={cn(
                  'relative h-6 w-11 rounded-full transition-colors',
                  playlist.isPublic ? 'bg-primary' : 'bg-border',
                )}
              >
                <span
                  className={cn(
                    'absolute top-0.5 left-0.5 size-5 rounded-full bg-white transition-transform',
                    playlist.isPublic && 'translate-x-5',
                  )}
                />
              </span>
              Public
            </button>
            <Button
              variant="ghost"
              size="icon"
              onClick={() => setEditing(true)}
              aria-label="Edit playlist"
              title="Edit"
            >
              <Pencil className="size-5" aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              onClick={() => setDeleting(true)}
              aria-label="Delete playlist"
              title="Delete"
              className="hover:text-error"
            >
              <Trash2 className="size-5" aria-hidden />
            </Button>
          </>
        )}
      </div>

      <section className="mt-8" aria-label="Playlist tracks">
        <PlaylistTrackList playlist={playlist} />
      </section>

      {playlist.canManage && (
        <>
          <EditPlaylistDialog playlist={playlist} open={editing} onClose={() => setEditing(false)} />
          <DeletePlaylistDialog playlist={playlist} open={deleting} onClose={() => setDeleting(false)} />
        </>
      )}
    </div>
  );
}
