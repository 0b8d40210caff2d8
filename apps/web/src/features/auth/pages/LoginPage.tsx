import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_MESSAGES, LOADING_LABELS, type TSignInForm, ZSignInForm } from '@wavecast/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { toast } from '../../../lib/toast';
import { authApi } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { Checkbox } from '../components/Checkbox';
import { FormAlert } from '../components/FormAlert';
import { SocialButtons } from '../components/SocialButtons';
import { useOAuthErrorToast } from '../components/useOAuthErrorToast';
import { useSession } from '../session';

/** /login: email and password, Remember me, Forgot password, and the sign-in providers the server has configured. */
export default function LoginPage() {
  const { refresh } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  // The shared contract validates (its messages are the spec's); errors are checked again only on
  // the next submit, as before.
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TSignInForm, unknown, (typeof ZSignInForm)['_zod']['output']>({
    resolver: zodResolver(ZSignInForm),
    defaultValues: { email: '', password: '', rememberMe: true },
    reValidateMode: 'onSubmit',
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  useOAuthErrorToast(AUTH_MESSAGES.socialSignInFailed);

  const submit = handleSubmit(async (data) => {
    setFormError(null);
    setLoading(true);
    try {
      await authApi.signIn(data);
      await refresh();
      toast.success(AUTH_MESSAGES.loginSuccess);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from?.startsWith('/') ? from : '/', { replace: true });
    } catch (err) {
      setFormError(err instanceof Error && err.message ? err.message : AUTH_MESSAGES.loginFailed);
      toast.error(AUTH_MESSAGES.loginFailedToast);
      setLoading(false);
    }
  });

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to your account to continue listening."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/signup" className="font-semibold text-primary hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      <FormAlert message={formError} />
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          {...register('email')}
          error={errors.email?.message}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...register('password')}
          error={errors.password?.message}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Checkbox label="Remember me" {...register('rememberMe')} />
          <Link to="/forgot-password" className="text-sm font-medium text-primary hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={loading}>
          {loading ? LOADING_LABELS.signIn : 'Sign In'}
        </Button>
      </form>
      <SocialButtons mode="signin" divider="or continue with" onError={setFormError} />
    </AuthLayout>
  );
}
