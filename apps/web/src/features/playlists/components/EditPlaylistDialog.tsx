import {
  PLAYLIST_DESCRIPTION_MAX,
  PLAYLIST_MESSAGES,
  PLAYLIST_NAME_MAX,
  type TPlaylist,
  ZUpdatePlaylist,
} from '@wavecast/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { TextAreaField, TextField } from '../../../components/ui/TextField';
import { toast } from '../../../lib/toast';
import { useUpdatePlaylist } from '../queries';

/** Rename and describe a playlist. */
export function EditPlaylistDialog({
  playlist,
  open,
  onClose,
}: {
  playlist: TPlaylist;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Edit playlist">
      <EditForm playlist={playlist} onDone={onClose} />
    </Dialog>
  );
}

function EditForm({ playlist, onDone }: { playlist: TPlaylist; onDone: () => void }) {
  const [name, setName] = useState(playlist.name);
  const [description, setDescription] = useState(playlist.description ?? '');
  const [errors, setErrors] = useState<{ name?: string; description?: string }>({});
  const update = useUpdatePlaylist(playlist.id);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZUpdatePlaylist.safeParse({ name, description });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as 'name' | 'description'] ??= issue.message;
      setErrors(next);
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(PLAYLIST_MESSAGES.updated);
        onDone();
      },
      onError: (err) => toast.error(err.message),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="Name"
        autoFocus
        maxLength={PLAYLIST_NAME_MAX}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <TextAreaField
        label="Description"
        rows={4}
        maxLength={PLAYLIST_DESCRIPTION_MAX}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        placeholder="Add an optional description"
        error={errors.description}
      />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
