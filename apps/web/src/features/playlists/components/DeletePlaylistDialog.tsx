import { PLAYLIST_MESSAGES, type TPlaylist } from '@wavecast/shared';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { toast } from '../../../lib/toast';
import { useDeletePlaylist } from '../queries';

export function DeletePlaylistDialog({
  playlist,
  open,
  onClose,
}: {
  playlist: TPlaylist;
  open: boolean;
  onClose: () => void;
}) {
  const remove = useDeletePlaylist();
  const navigate = useNavigate();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Delete playlist?"
      description={`"${playlist.name}" will be deleted for good. The tracks in it stay where they are.`}
    >
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(playlist.id, {
              onSuccess: () => {
                toast.success(PLAYLIST_MESSAGES.deleted);
                navigate('/dashboard/listener');
              },
              onError: (err) => toast.error(err.message),
            })
          }
        >
          {remove.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}
