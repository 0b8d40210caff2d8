import { pluralize, type TPlaylistSummary } from '@wavecast/shared';
import { Check, ListPlus, Lock, Plus } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useAddToPlaylist, useMyPlaylists } from '../queries';
import { type PickableTrack, addToPlaylistStore as store } from './AddToPlaylistMenu';
import { CreatePlaylistForm } from './CreatePlaylistDialog';

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
