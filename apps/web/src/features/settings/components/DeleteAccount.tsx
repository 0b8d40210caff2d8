import { AUTH_MESSAGES } from '@wavecast/shared';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { TextField } from '../../../components/ui/TextField';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/session';
import { useDeleteAccount } from '../queries';

/**
 * Danger Zone → Delete Account, after the spec's confirmation and the password again (accounts
 * made through a provider type their email; the server also wants a sign-in within 15 minutes).
 * It really deletes.
 */
export function DeleteAccount({ hasPassword, email }: { hasPassword: boolean; email: string }) {
  const [open, setOpen] = useState(false);
  const [proof, setProof] = useState('');
  const [error, setError] = useState<string | null>(null);
  const del = useDeleteAccount();
  const { endSession } = useSession();
  const navigate = useNavigate();

  const close = () => {
    if (del.isPending) return;
    setOpen(false);
    setProof('');
    setError(null);
  };

  const confirm = (e: FormEvent) => {
    e.preventDefault();
    if (!proof) return setError(hasPassword ? AUTH_MESSAGES.deletePasswordRequired : AUTH_MESSAGES.deleteEmailMismatch);
    setError(null);
    del.mutate(hasPassword ? { password: proof } : { email: proof }, {
      onSuccess: () => {
        setOpen(false);
        toast.success(AUTH_MESSAGES.accountDeleted);
        endSession('/');
        navigate('/', { replace: true });
      },
      onError: (err) => {
        setError(err.message || AUTH_MESSAGES.deleteAccountFailed);
        toast.error(AUTH_MESSAGES.deleteAccountFailed);
      },
    });
  };

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
      <Dialog open={open} onClose={close} title="Delete Account" description={AUTH_MESSAGES.deleteAccountConfirm}>
        <form onSubmit={confirm} noValidate className="space-y-4">
          {hasPassword ? (
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              value={proof}
              error={error}
              onChange={(e) => setProof(e.target.value)}
            />
          ) : (
            <TextField
              label={`Type your email (${email}) to confirm`}
              type="email"
              autoComplete="off"
              value={proof}
              error={error}
              onChange={(e) => setProof(e.target.value)}
            />
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="ghost" onClick={close} disabled={del.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={del.isPending}>
              {del.isPending ? 'Deleting...' : 'Delete Account'}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
