import { AUTH_MESSAGES, LOADING_LABELS } from '@wavecast/shared';
import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { toast } from '../../../lib/toast';
import { authApi } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { FormAlert } from '../components/FormAlert';

const backToLogin = (
  <Link to="/login" className="font-semibold text-primary hover:underline">
    Back to log in
  </Link>
);

/**
 * /forgot-password: asks for the email, then shows 'Check your email' with the address and a
 * Try another email button. The answer is the same whether or not the address has an account.
 */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setLoading(true);
    try {
      await authApi.requestPasswordReset(email.trim());
      toast.success(AUTH_MESSAGES.resetEmailSent);
      setSentTo(email.trim());
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : AUTH_MESSAGES.resetEmailFailed;
      setError(message);
      toast.error(AUTH_MESSAGES.resetEmailFailed);
    } finally {
      setLoading(false);
    }
  };

  if (sentTo) {
    return (
      <AuthLayout title={AUTH_MESSAGES.checkYourEmail} footer={backToLogin}>
        <div className="flex flex-col items-center text-center">
          <span className="mb-4 grid size-14 place-items-center rounded-full bg-primary/15">
            <MailCheck className="size-7 text-primary" aria-hidden />
          </span>
          <p className="text-sm text-muted">
            We&apos;ve sent a password reset link to <strong className="break-all text-fg">{sentTo}</strong>. The link
            works for one hour.
          </p>
          <Button
            variant="secondary"
            className="mt-6 w-full"
            onClick={() => {
              setSentTo(null);
              setEmail('');
            }}
          >
            Try another email
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter your email and we'll send you a link to reset it."
      footer={backToLogin}
    >
      <FormAlert message={error} />
      <form onSubmit={submit} className="space-y-4">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" className="w-full" disabled={loading}>
          {loading ? LOADING_LABELS.sending : 'Send Reset Link'}
        </Button>
      </form>
    </AuthLayout>
  );
}
