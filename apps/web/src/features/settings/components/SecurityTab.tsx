import type { TOwnProfile } from '@wavecast/shared';
import { useSession } from '../../auth/session';
import { ApiTokensCard } from './ApiTokensCard';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DeleteAccount } from './DeleteAccount';
import { DevicesCard } from './DevicesCard';
import { SettingsCard } from './SettingsCard';
import { WebhooksCard } from './WebhooksCard';

/** Settings → Security: Change Password, signed-in devices, API tokens, and the Danger Zone. */
export function SecurityTab({ profile }: { profile: TOwnProfile }) {
  const { user } = useSession();
  return (
    <div className="space-y-6">
      <SettingsCard
        title={profile.hasPassword ? 'Change Password' : 'Set a Password'}
        description={
          profile.hasPassword
            ? 'Other devices are signed out when you change it.'
            : 'You signed up with a provider. Set a password to sign in with your email too.'
        }
      >
        <ChangePasswordForm hasPassword={profile.hasPassword} />
      </SettingsCard>
      <DevicesCard />
      <ApiTokensCard />
      {user?.role === 'creator' && <WebhooksCard />}
      <SettingsCard title="Danger Zone" tone="danger">
        <DeleteAccount hasPassword={profile.hasPassword} email={profile.email} />
      </SettingsCard>
    </div>
  );
}
