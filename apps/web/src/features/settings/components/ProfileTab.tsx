import { AUTH_MESSAGES, LOADING_LABELS, PROFILE_LIMITS, type TOwnProfile } from '@wavecast/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { TextAreaField, TextField } from '../../../components/ui/TextField';
import { toast } from '../../../lib/toast';
import { FormAlert } from '../../auth/components/FormAlert';
import { useUpdateProfile } from '../queries';
import { AvatarPicker } from './AvatarPicker';
import { BecomeCreatorCard } from './BecomeCreatorCard';
import { SettingsCard } from './SettingsCard';

/** Settings → Profile: picture, display name, email (read-only), bio and website. */
export function ProfileTab({ profile }: { profile: TOwnProfile }) {
  const [form, setForm] = useState({
    displayName: profile.displayName ?? '',
    bio: profile.bio ?? '',
    website: profile.website ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateProfile();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    update.mutate(form, {
      onSuccess: () => toast.success(AUTH_MESSAGES.profileUpdated),
      onError: (err) => {
        setError(err.message);
        toast.error(AUTH_MESSAGES.profileUpdateFailed);
      },
    });
  };

  return (
    <div className="space-y-6">
      <SettingsCard title="Profile" description="This is how others see you on the platform.">
        <AvatarPicker profile={profile} displayName={form.displayName} />
        <FormAlert message={error} />
        <form onSubmit={submit} className="mt-6 space-y-4">
          <TextField
            label="Display Name"
            name="displayName"
            maxLength={PROFILE_LIMITS.displayName}
            autoComplete="nickname"
            value={form.displayName}
            onChange={(e) => setForm((f) => ({ ...f, displayName: e.target.value }))}
          />
          <TextField label="Email" name="email" type="email" value={profile.email} readOnly disabled />
          <TextAreaField
            label="Bio"
            name="bio"
            rows={4}
            maxLength={PROFILE_LIMITS.bio}
            placeholder="Tell listeners about yourself"
            value={form.bio}
            onChange={(e) => setForm((f) => ({ ...f, bio: e.target.value }))}
          />
          <TextField
            label="Website"
            name="website"
            type="url"
            placeholder="https://"
            maxLength={PROFILE_LIMITS.website}
            value={form.website}
            onChange={(e) => setForm((f) => ({ ...f, website: e.target.value }))}
          />
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? LOADING_LABELS.saving : 'Save Changes'}
          </Button>
        </form>
      </SettingsCard>
      {profile.role === 'listener' && <BecomeCreatorCard />}
    </div>
  );
}
