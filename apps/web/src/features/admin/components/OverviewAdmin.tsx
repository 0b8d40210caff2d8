import type { TAdminOverview, TOverviewFigure } from '@wavecast/shared';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/Spinner';
import { useAdminOverview } from '../queries';
import { ROLE_LABEL } from './UsersAdmin';

const money = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
const number = (n: number) => n.toLocaleString('en-US');

export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(1)} ${units[i]}`;
}

function figureText(f: TOverviewFigure): string {
  if (f.value === null) return '—';
  if (f.unit === 'cents') return money(f.value);
  if (f.unit === 'micros') return money(Math.round(f.value / 10_000));
  return number(f.value);
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-card border border-border bg-surface p-4" data-testid="overview-stat">
      <p className="text-sm text-muted">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
      {hint && <p className="mt-1 text-xs text-muted">{hint}</p>}
    </div>
  );
}

function Signups({ days }: { days: TAdminOverview['signupsPerDay'] }) {
  const max = Math.max(1, ...days.map((d) => d.count));
  const total = days.reduce((n, d) => n + d.count, 0);
  return (
    <div className="rounded-card border border-border bg-surface p-4">
      <h3 className="mb-3 font-semibold">Sign-ups, last 30 days ({number(total)})</h3>
      <ol className="flex h-24 items-end gap-0.5" aria-label="Sign-ups per day">
        {days.map((d) => (
          <li
            key={d.day}
            title={`${d.day}: ${d.count}`}
            className="flex-1 rounded-t bg-primary/70"
            style={{ height: `${Math.max(2, (d.count / max) * 100)}%` }}
          >
            <span className="sr-only">
              {d.day}: {d.count}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Admin tab (the default): the platform's figures counted from the database, and recent activity. */
export function OverviewAdmin() {
  const query = useAdminOverview();
  if (query.isPending) return <Spinner />;
  if (query.isError) return <p className="text-error">Could not load the overview.</p>;
  const o = query.data;
  const roles = Object.entries(o.accountsByRole)
    .filter(([, n]) => n > 0)
    .map(([r, n]) => `${ROLE_LABEL[r as keyof typeof ROLE_LABEL] ?? r} ${number(n)}`)
    .join(' · ');
  return (
    <section aria-labelledby="admin-overview-title" className="space-y-6">
      <h2 id="admin-overview-title" className="text-xl font-semibold">
        Overview
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Stat
          label="Accounts"
          value={number(o.accountsTotal)}
          hint={`${roles}${o.suspendedAccounts ? ` · ${o.suspendedAccounts} suspended` : ''}`}
        />
        <Stat label="Tracks" value={number(o.tracks)} hint={`${o.audioHours} hours of audio`} />
        <Stat label="Live now" value={number(o.liveNow)} />
        <Stat label="Plays today" value={number(o.playsToday)} hint={`${number(o.plays7d)} over 7 days`} />
        <Stat label="Storage used" value={formatBytes(o.storageBytes)} />
        <Stat
          label="Job queue"
          value={`${number(o.jobs.waiting)} waiting`}
          hint={`${number(o.jobs.failed)} failed${
            o.jobs.oldestWaitingAt ? ` · oldest since ${new Date(o.jobs.oldestWaitingAt).toLocaleString()}` : ''
          }`}
        />
        <Stat
          label="Monthly recurring revenue"
          value={money(o.revenue.mrrCents)}
          hint={`${number(o.revenue.activeSubscriptions)} paying subscriptions`}
        />
        <Stat label="Net revenue this month" value={money(o.revenue.monthNetCents)} />
        {o.figures.map((f) => (
          <Stat key={f.key} label={f.label} value={figureText(f)} />
        ))}
      </div>
      <Signups days={o.signupsPerDay} />
      <div className="rounded-card border border-border bg-surface px-4 pt-4">
        <div className="flex items-center justify-between">
          <h3 className="font-semibold">Recent activity</h3>
          <Link to="/admin/audit" className="text-sm text-primary hover:underline">
            Audit log
          </Link>
        </div>
        {o.activity.length === 0 ? (
          <p className="py-3 text-sm text-muted">Nothing yet.</p>
        ) : (
          <ul className="divide-y divide-border">
            {o.activity.map((a) => (
              <li key={`${a.kind}-${a.at}-${a.targetId}`} className="flex gap-3 py-2 text-sm" data-testid="activity">
                <span className="min-w-0 flex-1 truncate">{a.text}</span>
                <time dateTime={a.at} className="text-muted">
                  {new Date(a.at).toLocaleString()}
                </time>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
