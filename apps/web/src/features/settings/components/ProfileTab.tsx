import { zodResolver } from '@hookform/resolvers/zod';
import {
  AUTH_MESSAGES,
  LOADING_LABELS,
  PROFILE_LIMITS,
  type TOwnProfile,
  type TProfileUpdate,
  ZProfileUpdate,
} from '@wavecast/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button';
import { TextAreaField, TextField } from '../../../components/ui/TextField';
import { toast } from '../../../lib/toast';
import { FormAlert } from '../../auth/components/FormAlert';
import { ShowSettingsCard } from '../../podcasts/components/ShowSettingsCard';
import { useUpdateProfile } from '../queries';
import { AvatarPicker } from './AvatarPicker';
import { BecomeCreatorCard } from './BecomeCreatorCard';
import { SettingsCard } from './SettingsCard';

/** Settings → Profile: picture, display name, email (read-only), bio and website. */
export function ProfileTab({ profile }: { profile: TOwnProfile }) {
  // Validated by the shared contract the server checks too (blank becomes null, the rest trimmed).
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<TProfileUpdate, unknown, (typeof ZProfileUpdate)['_zod']['output']>({
    resolver: zodResolver(ZProfileUpdate),
    defaultValues: {
      displayName: profile.displayName ?? '',
      bio: profile.bio ?? '',
      website: profile.website ?? '',
    },
    reValidateMode: 'onSubmit',
  });
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateProfile();

  const submit = handleSubmit((data) => {
    setError(null);
    update.mutate(data, {
      onSuccess: () => toast.success(AUTH_MESSAGES.profileUpdated),
      onError: (err) => {
        setError(err.message);
        toast.error(AUTH_MESSAGES.profileUpdateFailed);
      },
    });
  });

  return (
    <div className="space-y-6">
      <SettingsCard title="Profile" description="This is how others see you on the platform.">
        <AvatarPicker profile={profile} displayName={watch('displayName') ?? ''} />
        <FormAlert message={error} />
        <form onSubmit={submit} className="mt-6 space-y-4">
          <TextField
            label="Display Name"
            maxLength={PROFILE_LIMITS.displayName}
            autoComplete="nickname"
            {...register('displayName')}
            error={errors.displayName?.message}
          />
          <TextField label="Email" name="email" type="email" value={profile.email} readOnly disabled />
          <TextAreaField
            label="Bio"
            rows={4}
            maxLength={PROFILE_LIMITS.bio}
            placeholder="Tell listeners about yourself"
            {...register('bio')}
            error={errors.bio?.message}
          />
          <TextField
            label="Website"
            type="url"
            placeholder="https://"
            maxLength={PROFILE_LIMITS.website}
            {...register('website')}
            error={errors.website?.message}
          />
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? LOADING_LABELS.saving : 'Save Changes'}
          </Button>
        </form>
      </SettingsCard>
      {profile.role === 'listener' && <BecomeCreatorCard />}
      {profile.role === 'creator' && <ShowSettingsCard />}
    </div>
  );
}
