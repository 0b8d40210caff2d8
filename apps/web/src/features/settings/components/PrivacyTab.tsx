import { LOADING_LABELS, type ProfileVisibility, type TPrivacyPrefs, USER_MESSAGES } from '@wavecast/shared';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Select } from '../../../components/ui/Select';
import { Toggle } from '../../../components/ui/Toggle';
import { toast } from '../../../lib/toast';
import { useSavePrivacyPrefs } from '../queries';
import { SettingsCard } from './SettingsCard';

const VISIBILITY: { value: ProfileVisibility; label: string }[] = [
  { value: 'public', label: 'Public' },
  { value: 'followers', label: 'Followers Only' },
  { value: 'private', label: 'Private' },
];

/** Settings → Privacy: who sees the profile, and what it shows. Enforced by the server. */
export function PrivacyTab({ initial }: { initial: TPrivacyPrefs }) {
  const [prefs, setPrefs] = useState(initial);
  const save = useSavePrivacyPrefs();
  const selectId = useId();
  const set =
    <K extends keyof TPrivacyPrefs>(key: K) =>
    (value: TPrivacyPrefs[K]) =>
      setPrefs((p) => ({ ...p, [key]: value }));

  return (
    <div className="space-y-6">
      <SettingsCard title="Privacy" description="Control who can see your profile and activity.">
        <label htmlFor={selectId} className="mb-1 block text-sm font-medium">
          Profile Visibility
        </label>
        <Select
          id={selectId}
          name="profileVisibility"
          value={prefs.profileVisibility}
          onChange={(e) => set('profileVisibility')(e.target.value as ProfileVisibility)}
          className="w-full sm:w-64"
        >
          {VISIBILITY.map((v) => (
            <option key={v.value} value={v.value}>
              {v.label}
            </option>
          ))}
        </Select>
        <div className="mt-4 divide-y divide-border">
          <Toggle
            name="showEmail"
            label="Show Email"
            description="Display your email on your profile"
            checked={prefs.showEmail}
            onChange={set('showEmail')}
          />
          <Toggle
            name="showFollowers"
            label="Show Followers"
            description="Let others see who follows you"
            checked={prefs.showFollowers}
            onChange={set('showFollowers')}
          />
          <Toggle
            name="allowMessages"
            label="Allow Messages"
            description="Let other users message you"
            checked={prefs.allowMessages}
            onChange={set('allowMessages')}
          />
        </div>
      </SettingsCard>
      <Button
        disabled={save.isPending}
        onClick={() =>
          save.mutate(prefs, {
            onSuccess: () => toast.success(USER_MESSAGES.privacySaved),
            onError: () => toast.error(USER_MESSAGES.privacyFailed),
          })
        }
      >
        {save.isPending ? LOADING_LABELS.saving : 'Save Settings'}
      </Button>
    </div>
  );
}
