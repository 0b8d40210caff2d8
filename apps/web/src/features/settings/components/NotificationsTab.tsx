import { LOADING_LABELS, type TNotificationPrefs, USER_MESSAGES } from '@wavecast/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Toggle } from '../../../components/ui/Toggle';
import { toast } from '../../../lib/toast';
import { useSaveNotificationPrefs } from '../queries';
import { SettingsCard } from './SettingsCard';

type Key = keyof TNotificationPrefs;
const EMAIL: { key: Key; label: string; description: string }[] = [
  { key: 'emailNotifications', label: 'Email Notifications', description: 'Receive notifications by email' },
  { key: 'newFollowers', label: 'New Followers', description: 'When someone follows you' },
  { key: 'newComments', label: 'New Comments', description: 'When someone comments on your audio' },
  { key: 'newLikes', label: 'New Likes', description: 'When someone likes your audio' },
  { key: 'newReposts', label: 'New Reposts', description: 'When someone reposts your audio' },
  { key: 'weeklyDigest', label: 'Weekly Digest', description: 'A weekly summary of your activity' },
];
const PUSH: { key: Key; label: string; description: string }[] = [
  { key: 'pushNotifications', label: 'Push Notifications', description: 'Show notifications in the app' },
  { key: 'liveStreamAlerts', label: 'Live Stream Alerts', description: 'When creators you follow go live' },
  {
    key: 'premiereAlerts',
    label: 'Premiere Alerts',
    description: 'When creators you follow schedule or start a premiere',
  },
];

/** Settings → Notifications: email and push toggles, saved to the server. */
export function NotificationsTab({ initial }: { initial: TNotificationPrefs }) {
  const [prefs, setPrefs] = useState(initial);
  const save = useSaveNotificationPrefs();
  const toggle = (key: Key) => (value: boolean) => setPrefs((p) => ({ ...p, [key]: value }));
  const list = (items: typeof EMAIL) =>
    items.map((i) => (
      <Toggle
        key={i.key}
        name={i.key}
        label={i.label}
        description={i.description}
        checked={prefs[i.key]}
        onChange={toggle(i.key)}
      />
    ));

  return (
    <div className="space-y-6">
      <SettingsCard title="Email Notifications">
        <div className="divide-y divide-border">{list(EMAIL)}</div>
      </SettingsCard>
      <SettingsCard title="Push Notifications">
        <div className="divide-y divide-border">{list(PUSH)}</div>
      </SettingsCard>
      <Button
        disabled={save.isPending}
        onClick={() =>
          save.mutate(prefs, {
            onSuccess: () => toast.success(USER_MESSAGES.notificationsSaved),
            onError: () => toast.error(USER_MESSAGES.notificationsFailed),
          })
        }
      >
        {save.isPending ? LOADING_LABELS.saving : 'Save Preferences'}
      </Button>
    </div>
  );
}
