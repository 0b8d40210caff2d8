import { BarChart3, DollarSign, Radio, Settings, Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/ui/PageHeading';
import { CreatorAdImpressions } from '../../ads/components/CreatorAdImpressions';
import { useSession } from '../../auth/session';
import { MyTracks } from '../components/MyTracks';
import { RecentActivity } from '../components/RecentActivity';
import { StatCards } from '../components/StatCards';
import { useCreatorActivity, useCreatorStats, useLiveCreatorFigures, useProcessingUpdates } from '../queries';

function QuickAction({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <Link
      to={to}
      className="flex flex-col items-center gap-2 rounded-card border border-border bg-surface p-4 text-center text-sm font-semibold hover:border-primary hover:bg-surface-2"
    >
      <span className="grid size-10 place-items-center rounded-full bg-primary/15 text-primary">{icon}</span>
      {label}
    </Link>
  );
}

/** /creator/dashboard: real figures, quick actions, recent activity and the creator's tracks. */
export default function CreatorDashboardPage() {
  const { user } = useSession();
  const stats = useCreatorStats();
  const activity = useCreatorActivity();
  useProcessingUpdates(user?.id);
  useLiveCreatorFigures(user?.id);
  const icon = 'size-5';
  return (
    <div className="space-y-6">
      <PageHeading
        title="Creator Dashboard"
        subtitle={`Welcome back${user?.displayName ? `, ${user.displayName}` : ''}! Here is how your audio is doing.`}
      />
      <StatCards stats={stats.data} />
      <CreatorAdImpressions />
      <section aria-labelledby="quick-actions-heading">
        <h2 id="quick-actions-heading" className="mb-3 text-lg font-bold">
          Quick Actions
        </h2>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6" data-testid="quick-actions">
          <QuickAction to="/creator/upload" icon={<Upload className={icon} aria-hidden />} label="Upload Audio" />
          <QuickAction to="/creator/live" icon={<Radio className={icon} aria-hidden />} label="Go Live" />
          <QuickAction to="/creator/radio" icon={<Radio className={icon} aria-hidden />} label="Radio Channels" />
          <QuickAction to="/creator/analytics" icon={<BarChart3 className={icon} aria-hidden />} label="Analytics" />
          <QuickAction to="/creator/earnings" icon={<DollarSign className={icon} aria-hidden />} label="Earnings" />
          <QuickAction to="/creator/settings" icon={<Settings className={icon} aria-hidden />} label="Settings" />
        </div>
      </section>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <MyTracks />
        <RecentActivity items={activity.data} loading={activity.isPending} />
      </div>
    </div>
  );
}
