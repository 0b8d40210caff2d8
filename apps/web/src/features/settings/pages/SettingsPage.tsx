import * as Tabs from '@radix-ui/react-tabs';
import { Bell, CreditCard, Link2, Lock, PlayCircle, Shield, User } from 'lucide-react';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Spinner } from '../../../components/ui/Spinner';
import { NotificationsTab } from '../components/NotificationsTab';
import { PrivacyTab } from '../components/PrivacyTab';
import { ProfileTab } from '../components/ProfileTab';
import { SecurityTab } from '../components/SecurityTab';
import { useNotificationPrefs, useOwnProfile, usePrivacyPrefs } from '../queries';

const TABS = [
  { id: 'profile', label: 'Profile', icon: User },
  { id: 'security', label: 'Security', icon: Lock },
  { id: 'notifications', label: 'Notifications', icon: Bell },
  { id: 'privacy', label: 'Privacy', icon: Shield },
  { id: 'playback', label: 'Playback', icon: PlayCircle },
  { id: 'billing', label: 'Billing', icon: CreditCard },
  { id: 'affiliate', label: 'Affiliate', icon: Link2 },
] as const satisfies readonly { id: string; label: string; icon: ComponentType<{ className?: string }> }[];
type TabId = (typeof TABS)[number]['id'];

// Billing is its own chunk: most visits to Settings never open it.
const BillingTab = lazy(() => import('../../billing/components/BillingTab'));
const PlaybackTab = lazy(() => import('../../feed/components/PlaybackTab'));
const AffiliateSettingsTab = lazy(() => import('../../affiliates/components/AffiliateSettingsTab'));

function Loading({ error }: { error?: boolean }) {
  return (
    <div className="grid place-items-center py-16">
      {error ? <p className="text-muted">Could not load your settings. Please try again.</p> : <Spinner />}
    </div>
  );
}

function TabContent({ tab }: { tab: TabId }) {
  const profile = useOwnProfile();
  const notifications = useNotificationPrefs();
  const privacy = usePrivacyPrefs();
  const pending = (q: { isPending: boolean; isError: boolean }, render: () => ReactNode) =>
    q.isPending || q.isError ? <Loading error={q.isError} /> : render();
  switch (tab) {
    case 'profile':
      return pending(profile, () => profile.data && <ProfileTab profile={profile.data.profile} />);
    case 'security':
      return pending(profile, () => profile.data && <SecurityTab profile={profile.data.profile} />);
    case 'notifications':
      return pending(
        notifications,
        () => notifications.data && <NotificationsTab initial={notifications.data.notifications} />,
      );
    case 'privacy':
      return pending(privacy, () => privacy.data && <PrivacyTab initial={privacy.data.privacy} />);
    case 'playback':
      return (
        <Suspense fallback={<Loading />}>
          <PlaybackTab />
        </Suspense>
      );
    case 'billing':
      return (
        <Suspense fallback={<Loading />}>
          <BillingTab />
        </Suspense>
      );
    case 'affiliate':
      return (
        <Suspense fallback={<Loading />}>
          <AffiliateSettingsTab />
        </Suspense>
      );
  }
}

/** /settings: tabs Profile, Security, Notifications, Privacy, Billing (the tab is in ?tab=, so it survives a reload). */
export default function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const current = (TABS.find((t) => t.id === params.get('tab'))?.id ?? 'profile') as TabId;
  const select = (id: string) =>
    setParams(id === 'profile' ? {} : { tab: id }, { replace: true, preventScrollReset: true });

  // Radix tabs: arrows (wrapping), Home and End move and select, as a tab list should.
  return (
    <section className="mx-auto max-w-3xl">
      <PageHeading title="Settings" subtitle="Manage your account, notifications and privacy." />
      <Tabs.Root value={current} onValueChange={select}>
        <Tabs.List aria-label="Settings" className="mb-6 flex gap-1 overflow-x-auto border-b border-border">
          {TABS.map((t) => {
            const Icon = t.icon;
            return (
              <Tabs.Trigger
                key={t.id}
                value={t.id}
                className="-mb-px flex shrink-0 items-center gap-2 border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-muted transition-colors hover:text-fg focus-visible:outline-2 focus-visible:outline-primary data-[state=active]:border-primary data-[state=active]:text-fg sm:px-4"
              >
                <Icon className="hidden size-4 sm:block" aria-hidden />
                {t.label}
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Content key={t.id} value={t.id} className="focus-visible:outline-none">
            <TabContent tab={t.id} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
