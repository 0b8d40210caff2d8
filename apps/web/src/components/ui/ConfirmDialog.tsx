import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

/** "Are you sure?": a title, what will happen, the way back (focused first) and the confirming button. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  pendingLabel = confirmLabel,
  cancelLabel = 'Cancel',
  pending,
  danger,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  cancelLabel?: string;
  pending: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
