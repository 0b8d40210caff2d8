import { PLAYLIST_MESSAGES, PLAYLIST_NAME_MAX, playlistNameError, type TPlaylist } from '@wavecast/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { TextField } from '../../../components/ui/TextField';
import { toast } from '../../../lib/toast';
import { useCreatePlaylist } from '../queries';

/** Asks for a name and creates a private playlist; `onCreated` decides what happens next. */
export function CreatePlaylistDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (playlist: TPlaylist) => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Create Playlist" description="Give your playlist a name.">
      <CreatePlaylistForm onCancel={onClose} onCreated={onCreated} />
    </Dialog>
  );
}

export function CreatePlaylistForm({
  onCancel,
  onCreated,
  submitLabel = 'Create',
}: {
  onCancel?: () => void;
  onCreated: (playlist: TPlaylist) => void;
  submitLabel?: string;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreatePlaylist();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Checked here without zod: this form is part of the app shell's first load.
    const invalid = playlistNameError(name);
    if (invalid) {
      setError(invalid);
      return;
    }
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (playlist) => {
          toast.success(PLAYLIST_MESSAGES.created);
          onCreated(playlist);
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label="Playlist name"
        name="name"
        autoFocus
        maxLength={PLAYLIST_NAME_MAX}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setError(null);
        }}
        placeholder="My playlist"
        error={error}
      />
      <div className="mt-5 flex justify-end gap-2">
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
