import { Bell, Lock, Shield, User } from 'lucide-react';
import { type ComponentType, type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Spinner } from '../../../components/ui/Spinner';
import { cn } from '../../../lib/cn';
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
] as const satisfies readonly { id: string; label: string; icon: ComponentType<{ className?: string }> }[];
type TabId = (typeof TABS)[number]['id'];

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
  }
}

/** /settings: tabs Profile, Security, Notifications, Privacy (the tab is in ?tab=, so it survives a reload). */
export default function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const current = (TABS.find((t) => t.id === params.get('tab'))?.id ?? 'profile') as TabId;
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (id: TabId) => setParams(id === 'profile' ? {} : { tab: id }, { replace: true });

  const onKey = (e: KeyboardEvent, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    select(TABS[next].id);
    tabRefs.current[next]?.focus();
  };

  return (
    <section className="mx-auto max-w-3xl">
      <PageHeading title="Settings" subtitle="Manage your account, notifications and privacy." />
      <div role="tablist" aria-label="Settings" className="mb-6 flex gap-1 overflow-x-auto border-b border-border">
        {TABS.map((t, i) => {
          const selected = t.id === current;
          const Icon = t.icon;
          return (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${t.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(t.id)}
              onKeyDown={(e) => onKey(e, i)}
              className={cn(
                '-mb-px flex shrink-0 items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium transition-colors sm:px-4',
                selected ? 'border-primary text-fg' : 'border-transparent text-muted hover:text-fg',
              )}
            >
              <Icon className="hidden size-4 sm:block" aria-hidden />
              {t.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${current}`}>
        <TabContent tab={current} />
      </div>
    </section>
  );
}
