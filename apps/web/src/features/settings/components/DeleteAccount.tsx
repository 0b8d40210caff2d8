import { AUTH_MESSAGES } from '@wavecast/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/session';
import { useDeleteAccount } from '../queries';

/** Danger Zone → Delete Account, after the spec's confirmation. It really deletes. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const del = useDeleteAccount();
  const { endSession } = useSession();
  const navigate = useNavigate();

  const confirm = () =>
    del.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toast.success(AUTH_MESSAGES.accountDeleted);
        endSession('/');
        navigate('/', { replace: true });
      },
      onError: () => toast.error(AUTH_MESSAGES.deleteAccountFailed),
    });

  return (
    <>
      <p className="mb-4 text-sm text-muted">
        Deleting your account signs you out everywhere and removes your profile, settings, uploads, playlists, likes,
        comments and follows for good. Plays you listened to stay counted, without your name.
      </p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        <Trash2 className="size-4" aria-hidden />
        Delete Account
      </Button>
      <Dialog
        open={open}
        onClose={() => !del.isPending && setOpen(false)}
        title="Delete Account"
        description={AUTH_MESSAGES.deleteAccountConfirm}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => setOpen(false)} disabled={del.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} disabled={del.isPending}>
            {del.isPending ? 'Deleting...' : 'Delete Account'}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
