import { AUTH_MESSAGES, LOADING_LABELS, PROFILE_LIMITS, USER_MESSAGES, zDisplayName } from '@wavecast/shared';
import { UserPen } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { toast } from '../../../lib/toast';
import { useOwnProfile, useUpdateProfile } from '../queries';

/**
 * Asks an account without a display name for one (accounts from before sign-up asked, or a
 * provider that gave none), saving through the profile settings API. Once saved, the session has
 * the name and the prompt is gone.
 */
export function DisplayNamePrompt({ onDismiss }: { onDismiss: () => void }) {
  const profile = useOwnProfile();
  const update = useUpdateProfile();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = zDisplayName.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? USER_MESSAGES.displayNameRequired);
    if (!profile.data) return;
    setError(null);
    // The settings API saves the whole profile: keep the bio and website as they are.
    const { bio, website } = profile.data.profile;
    update.mutate(
      { displayName: parsed.data, bio, website },
      {
        onSuccess: () => toast.success(USER_MESSAGES.displayNameSaved),
        onError: (err) => {
          setError(err.message);
          toast.error(AUTH_MESSAGES.profileUpdateFailed);
        },
      },
    );
  };

  return (
    <section
      aria-labelledby="display-name-prompt"
      className="mb-6 rounded-card border border-primary/40 bg-primary/10 p-4 md:p-5"
    >
      <div className="flex items-start gap-3">
        <UserPen className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <div className="min-w-0 flex-1">
          <h2 id="display-name-prompt" className="font-semibold">
            Choose your display name
          </h2>
          <p className="mt-1 text-sm text-muted">{USER_MESSAGES.displayNamePrompt}</p>
          <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
            <TextField
              label="Display Name"
              name="displayName"
              autoComplete="nickname"
              maxLength={PROFILE_LIMITS.displayName}
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={error}
              className="sm:w-72"
            />
            <div className="flex gap-2 sm:mt-6">
              <Button type="submit" size="md" disabled={update.isPending || !profile.data}>
                {update.isPending ? LOADING_LABELS.saving : 'Save'}
              </Button>
              <Button variant="ghost" onClick={onDismiss}>
                Not now
              </Button>
            </div>
          </form>
        </div>
      </div>
    </section>
  );
}
