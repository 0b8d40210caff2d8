import { zodResolver } from '@hookform/resolvers/zod';
import {
  AUTH_MESSAGES,
  LOADING_LABELS,
  PROFILE_LIMITS,
  type SignupAccountType,
  type TSignUpForm,
  ZSignUpForm,
} from '@wavecast/shared';
import { Headphones, Mic } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { authApi } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { Checkbox } from '../components/Checkbox';
import { FormAlert } from '../components/FormAlert';
import { SocialButtons } from '../components/SocialButtons';
import { useOAuthErrorToast } from '../components/useOAuthErrorToast';
import { useSession } from '../session';

const ACCOUNT_TYPES: { value: SignupAccountType; label: string; hint: string; Icon: typeof Mic }[] = [
  { value: 'listener', label: 'Listener', hint: 'Discover, play and follow', Icon: Headphones },
  { value: 'creator', label: 'Creator', hint: 'Upload audio and go live', Icon: Mic },
];

/**
 * /signup: display name (ours, DESIGN §10), email, password twice, account type (Listener or
 * Creator), the terms, and the configured sign-in providers.
 */
export default function SignupPage() {
  const { refresh } = useSession();
  const navigate = useNavigate();
  // The shared contract validates (its messages are the spec's); errors are checked again only on
  // the next submit, as before.
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<TSignUpForm, unknown, (typeof ZSignUpForm)['_zod']['output']>({
    resolver: zodResolver(ZSignUpForm),
    defaultValues: {
      name: '',
      email: '',
      password: '',
      confirmPassword: '',
      accountType: 'listener',
      // The contract wants `true`; unticked is the form's start.
      acceptTerms: false as unknown as true,
    },
    reValidateMode: 'onSubmit',
  });
  const accountType = watch('accountType');
  const [formError, setFormError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  useOAuthErrorToast(AUTH_MESSAGES.socialSignUpFailed);

  const submit = handleSubmit(async ({ name, email, password, accountType }) => {
    setFormError(null);
    setLoading(true);
    try {
      await authApi.signUp({ name, email, password, accountType });
      await refresh();
      toast.success(AUTH_MESSAGES.signupSuccess);
      navigate('/', { replace: true });
    } catch (err) {
      setFormError(err instanceof Error && err.message ? err.message : AUTH_MESSAGES.signupFailed);
      toast.error(AUTH_MESSAGES.signupFailedToast);
      setLoading(false);
    }
  });

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Join to listen, follow creators and share your own audio."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-primary hover:underline">
            Log in
          </Link>
        </>
      }
    >
      <FormAlert message={formError} />
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label="Display Name"
          autoComplete="name"
          maxLength={PROFILE_LIMITS.displayName}
          {...register('name')}
          error={errors.name?.message}
        />
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
          autoComplete="new-password"
          {...register('password')}
          error={errors.password?.message}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          {...register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Account Type</legend>
          <div className="grid grid-cols-2 gap-3">
            {ACCOUNT_TYPES.map(({ value, label, hint, Icon }) => (
              <label
                key={value}
                className={cn(
                  'flex cursor-pointer flex-col gap-1 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary',
                  accountType === value ? 'border-primary bg-primary/10' : 'border-border hover:bg-surface-2',
                )}
              >
                <input type="radio" value={value} {...register('accountType')} className="sr-only" />
                <span className="flex items-center gap-2 font-semibold">
                  <Icon className="size-4" aria-hidden />
                  {label}
                </span>
                <span className="text-xs text-muted">{hint}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <Checkbox
          {...register('acceptTerms')}
          error={errors.acceptTerms?.message}
          label={
            <>
              I agree to the{' '}
              <Link to="/legal/terms" className="text-primary hover:underline">
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link to="/legal/privacy" className="text-primary hover:underline">
                Privacy Policy
              </Link>
            </>
          }
        />
        <Button type="submit" className="w-full" disabled={loading}>
          {loading ? LOADING_LABELS.signUp : 'Create Account'}
        </Button>
      </form>
      <SocialButtons mode="signup" divider="or sign up with" onError={setFormError} />
    </AuthLayout>
  );
}
