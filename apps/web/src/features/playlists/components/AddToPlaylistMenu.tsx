import { pluralize, type TPlaylistSummary, type TTrack } from '@wavecast/shared';
import { Check, CirclePlus, ListPlus, Lock, Plus } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/session';
import { useAddToPlaylist, useMyPlaylists } from '../queries';
import { CreatePlaylistForm } from './CreatePlaylistDialog';

type PickableTrack = Pick<TTrack, 'id' | 'title'>;

// One dialog for the whole app: a card, the detail page's More menu or the player bar asks for it,
// and it outlives whatever menu opened it.
let pending: PickableTrack | null = null;
const listeners = new Set<() => void>();
const store = {
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  get: () => pending,
  set(track: PickableTrack | null) {
    pending = track;
    for (const l of listeners) l();
  },
};

/** Opens the "Add to playlist" dialog for a track (signed-out users are sent to log in). */
export function useOpenAddToPlaylist() {
  const { user } = useSession();
  const navigate = useNavigate();
  return (track: PickableTrack) => {
    if (!user) {
      toast('Log in to add tracks to your playlists');
      navigate('/login');
      return;
    }
    store.set({ id: track.id, title: track.title });
  };
}

/**
 * "Add to playlist". `variant`: `icon` (cards, rows, player bar) or `button` (with its label). Menus
 * (the detail page's More menu) have their own item calling useOpenAddToPlaylist.
 */
export function AddToPlaylistMenu({
  track,
  variant = 'icon',
  className,
}: {
  track: PickableTrack;
  variant?: 'icon' | 'button';
  className?: string;
}) {
  const open = useOpenAddToPlaylist();
  const label = `Add ${track.title} to playlist`;
  return (
    <button
      type="button"
      aria-label={variant === 'icon' ? label : undefined}
      title={variant === 'icon' ? 'Add to playlist' : undefined}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        open(track);
      }}
      className={cn(
        variant === 'icon' && 'inline-flex size-9 items-center justify-center rounded-full text-muted hover:text-fg',
        variant === 'button' &&
          'inline-flex h-10 items-center gap-2 rounded-full border border-border px-4 text-sm font-semibold hover:bg-surface-2',
        className,
      )}
    >
      <CirclePlus className="size-5 shrink-0" aria-hidden />
      {variant !== 'icon' && 'Add to playlist'}
    </button>
  );
}

/** Mounted once (in the sidebar's playlists block) for signed-in users: renders the dialog. */
export function AddToPlaylistHost() {
  const track = useSyncExternalStore(store.subscribe, store.get, store.get);
  const close = () => store.set(null);
  return (
    <Dialog open={!!track} onClose={close} title="Add to playlist" description={track ? track.title : undefined}>
      {track && <PlaylistPicker track={track} onDone={close} />}
    </Dialog>
  );
}

function PlaylistPicker({ track, onDone }: { track: PickableTrack; onDone: () => void }) {
  const { data, isPending } = useMyPlaylists(track.id);
  const add = useAddToPlaylist();
  const [creating, setCreating] = useState(false);

  const addTo = (p: Pick<TPlaylistSummary, 'id' | 'name'>) =>
    add.mutate(
      { playlistId: p.id, trackId: track.id },
      {
        onSuccess: () => {
          toast.success(`Added to ${p.name}`);
          onDone();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'CONFLICT') toast(`Already in ${p.name}`);
          else toast.error(err.message);
        },
      },
    );

  if (creating) {
    return (
      <CreatePlaylistForm
        submitLabel="Create and add"
        onCancel={() => setCreating(false)}
        onCreated={(p) => addTo(p)}
      />
    );
  }

  return (
    <div>
      <button
        type="button"
        onClick={() => setCreating(true)}
        className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-semibold hover:bg-surface-2"
      >
        <span className="grid size-10 place-items-center rounded bg-surface-2">
          <Plus className="size-5" aria-hidden />
        </span>
        New playlist
      </button>
      {isPending ? (
        <div className="grid place-items-center py-6">
          <Spinner />
        </div>
      ) : (
        <ul className="mt-2 max-h-72 space-y-1 overflow-y-auto" aria-label="Your playlists">
          {data?.items.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                disabled={add.isPending || p.containsTrack}
                onClick={() => addTo(p)}
                className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm hover:bg-surface-2 disabled:cursor-default disabled:hover:bg-transparent"
              >
                <img src={p.coverUrl} alt="" className="size-10 shrink-0 rounded object-cover" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{p.name}</span>
                  <span className="block text-xs text-muted">{pluralize(p.trackCount, 'track')}</span>
                </span>
                {!p.isPublic && <Lock className="size-3.5 text-muted" aria-label="Private" />}
                {p.containsTrack && (
                  <span className="flex items-center gap-1 text-xs text-success">
                    <Check className="size-4" aria-hidden /> Added
                  </span>
                )}
                {!p.containsTrack && <ListPlus className="size-4 text-muted" aria-hidden />}
              </button>
            </li>
          ))}
          {data?.items.length === 0 && (
            <li className="px-3 py-4 text-sm text-muted">You have no playlists yet. Create one above.</li>
          )}
        </ul>
      )}
      <div className="mt-4 flex justify-end">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
