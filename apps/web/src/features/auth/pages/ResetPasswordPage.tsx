import { useQuery } from '@tanstack/react-query';
import { AUTH_MESSAGES, fieldErrors, LOADING_LABELS, ZResetPasswordForm } from '@wavecast/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { FullScreenSpinner } from '../../../components/ui/Spinner';
import { TextField } from '../../../components/ui/TextField';
import { toast } from '../../../lib/toast';
import { authApi } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { FormAlert } from '../components/FormAlert';
import { useSession } from '../session';

/** /reset-password?token=…: only with a live recovery token (else back to /login). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { refresh } = useSession();
  const check = useQuery({
    queryKey: ['reset-token', token],
    queryFn: () => authApi.checkResetToken(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const [form, setForm] = useState({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const invalid = check.isError || check.data?.valid === false;
  useEffect(() => {
    if (invalid) toast.error(AUTH_MESSAGES.invalidResetToken);
  }, [invalid]);

  if (!token || invalid) return <Navigate to="/login" replace />;
  if (check.isPending) return <FullScreenSpinner />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const parsed = ZResetPasswordForm.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setLoading(true);
    try {
      await authApi.resetPassword(token, parsed.data.newPassword);
      toast.success(AUTH_MESSAGES.passwordUpdated);
      // A reset ends every session of the account, this browser's too.
      await refresh();
      navigate('/login', { replace: true });
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : AUTH_MESSAGES.resetFailed;
      setFormError(message);
      toast.error(AUTH_MESSAGES.resetFailed);
      setLoading(false);
    }
  };

  return (
    <AuthLayout title="Set a new password" subtitle="Choose a password you don't use anywhere else.">
      <FormAlert message={formError} />
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label="New Password"
          type="password"
          name="newPassword"
          autoComplete="new-password"
          value={form.newPassword}
          onChange={(e) => setForm((f) => ({ ...f, newPassword: e.target.value }))}
          error={errors.newPassword}
        />
        <TextField
          label="Confirm New Password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={(e) => setForm((f) => ({ ...f, confirmPassword: e.target.value }))}
          error={errors.confirmPassword}
        />
        <Button type="submit" className="w-full" disabled={loading}>
          {loading ? LOADING_LABELS.updating : 'Update Password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
