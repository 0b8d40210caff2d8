import { ADMIN_MESSAGES } from '@wavecast/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { TextField } from '../../../components/ui/TextField';
import { api } from '../../../lib/api';
import { registerStepUpPrompt } from '../../../lib/step-up';
import { toast } from '../../../lib/toast';

/**
 * Asks for the admin's password when a sensitive action needs a recent sign-in (step-up), then lets
 * the refused request go again. Mounted once in the admin area.
 */
export function StepUpDialog() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const settle = useRef<((ok: boolean) => void) | null>(null);

  useEffect(
    () =>
      registerStepUpPrompt(
        () =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            setPassword('');
            setError(null);
            setOpen(true);
          }),
      ),
    [],
  );

  const finish = (ok: boolean) => {
    setOpen(false);
    settle.current?.(ok);
    settle.current = null;
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await api('/api/admin/step-up', { method: 'POST', body: { password } });
      toast.success(ADMIN_MESSAGES.stepUpConfirmed);
      finish(true);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={() => finish(false)}
      title="Confirm it's you"
      description={ADMIN_MESSAGES.stepUpRequired}
    >
      <form onSubmit={submit} className="space-y-4">
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          error={error}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => finish(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || !password}>
            Confirm
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
