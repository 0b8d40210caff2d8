import { ADMIN_MESSAGES, type TAdminUser } from '@wavecast/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { toast } from '../../../lib/toast';
import { useUserAction } from '../queries';

const who = (u: TAdminUser) => u.displayName || u.email;

/** Suspend or restore, and delete: each confirmed first (the api client asks for step-up when needed). */
export function UserActions({ u, isSelf, afterDelete }: { u: TAdminUser; isSelf: boolean; afterDelete?: string }) {
  const act = useUserAction();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<'suspend' | 'delete' | null>(null);
  if (isSelf) return null;
  const run = (action: 'suspend' | 'restore' | 'delete') =>
    act.mutate(
      { id: u.id, action },
      {
        onSuccess: () => {
          setConfirm(null);
          toast.success(
            action === 'suspend'
              ? ADMIN_MESSAGES.userSuspended
              : action === 'restore'
                ? ADMIN_MESSAGES.userRestored
                : ADMIN_MESSAGES.userDeleted,
          );
          if (action === 'delete' && afterDelete) navigate(afterDelete);
        },
        onError: (err) => toast.error(err.message),
      },
    );
  return (
    <div className="flex gap-2">
      {u.suspendedAt ? (
        <Button size="sm" variant="secondary" disabled={act.isPending} onClick={() => run('restore')}>
          Restore
        </Button>
      ) : (
        <Button size="sm" variant="secondary" disabled={act.isPending} onClick={() => setConfirm('suspend')}>
          Suspend
        </Button>
      )}
      <Button size="sm" variant="danger" disabled={act.isPending} onClick={() => setConfirm('delete')}>
        Delete
      </Button>
      <ConfirmDialog
        open={confirm === 'suspend'}
        title={`Suspend ${who(u)}?`}
        description="They are signed out everywhere at once, cannot sign in, and their tracks and profile are hidden until you restore the account."
        confirmLabel="Suspend"
        danger
        pending={act.isPending}
        onConfirm={() => run('suspend')}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        title={`Delete ${who(u)}?`}
        description="The account, its tracks, playlists and files are deleted for good. This cannot be undone."
        confirmLabel="Delete account"
        danger
        pending={act.isPending}
        onConfirm={() => run('delete')}
        onClose={() => setConfirm(null)}
      />
    </div>
  );
}
