import { AUTH_MESSAGES, fieldErrors, LOADING_LABELS, ZChangePasswordInput } from '@wavecast/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { toast } from '../../../lib/toast';
import { FormAlert } from '../../auth/components/FormAlert';
import { useChangePassword } from '../queries';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change Password (current, new, confirm). The server checks the current password and ends the
 * account's other sessions. Accounts made through Google/GitHub set their first password here.
 */
export function ChangePasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const change = useChangePassword();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const parsed = ZChangePasswordInput.safeParse(form);
    const next = parsed.success ? {} : fieldErrors(parsed.error);
    if (hasPassword && !form.currentPassword) next.currentPassword = AUTH_MESSAGES.currentPasswordRequired;
    setErrors(next);
    if (Object.keys(next).length > 0) {
      toast.error(next.confirmPassword ?? next.newPassword ?? AUTH_MESSAGES.passwordUpdateFailed);
      return;
    }
    change.mutate(hasPassword ? form : { ...form, currentPassword: undefined }, {
      onSuccess: () => {
        toast.success(AUTH_MESSAGES.passwordUpdated);
        setForm(EMPTY);
      },
      onError: (err) => {
        setFormError(err.message);
        toast.error(AUTH_MESSAGES.passwordUpdateFailed);
      },
    });
  };
  const field = (key: keyof typeof EMPTY) => ({
    name: key,
    type: 'password',
    value: form[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });

  return (
    <>
      <FormAlert message={formError} />
      <form onSubmit={submit} noValidate className="space-y-4">
        {hasPassword && (
          <TextField label="Current Password" autoComplete="current-password" {...field('currentPassword')} />
        )}
        <TextField label="New Password" autoComplete="new-password" {...field('newPassword')} />
        <TextField label="Confirm New Password" autoComplete="new-password" {...field('confirmPassword')} />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? LOADING_LABELS.updating : hasPassword ? 'Update Password' : 'Set Password'}
        </Button>
      </form>
    </>
  );
}
