import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { toast } from '../../../lib/toast';
import { useDeleteComment } from '../queries';

/** Confirms deleting a comment, in the app's own dialog like every destructive action. */
export function DeleteCommentDialog({
  trackId,
  commentId,
  open,
  onClose,
}: {
  trackId: string;
  commentId: string;
  open: boolean;
  onClose: () => void;
}) {
  const remove = useDeleteComment(trackId);
  return (
    <Dialog open={open} onClose={onClose} title="Delete comment?" description="This comment will be removed for good.">
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={remove.isPending}
          // The promise, not mutate's callbacks: removing the comment from the list unmounts this
          // dialog, and callbacks of an unmounted mutate never run (the toast went missing).
          onClick={() =>
            remove.mutateAsync(commentId).then(
              () => {
                toast.success('Comment deleted');
                onClose();
              },
              () => toast.error('Failed to delete comment'),
            )
          }
        >
          {remove.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}
