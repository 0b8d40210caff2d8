import type { TTrack } from '@wavecast/shared';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { toast } from '../../../lib/toast';
import { useDeleteTrack } from '../queries';

/** Confirms deleting a track (the files go too). */
export function DeleteTrackDialog({
  track,
  open,
  onClose,
  onDeleted,
}: {
  track: Pick<TTrack, 'id' | 'title'>;
  open: boolean;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const del = useDeleteTrack();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Delete audio?"
      description={`"${track.title}" and its files will be removed for good. This cannot be undone.`}
    >
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onClose} disabled={del.isPending}>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={del.isPending}
          onClick={() =>
            del.mutate(track.id, {
              onSuccess: () => {
                toast.success('Audio deleted');
                onClose();
                onDeleted?.();
              },
              onError: (e) => toast.error(e.message),
            })
          }
        >
          {del.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}
