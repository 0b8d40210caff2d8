import * as Tabs from '@radix-ui/react-tabs';
import { AFFILIATE_MESSAGES, type TAffiliateDashboard, timeAgo, ZCampaignTag } from '@wavecast/shared';
import { BarChart3, DollarSign, Download, Link2, TrendingUp, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { TextField } from '../../../components/ui/TextField';
import { toast } from '../../../lib/toast';
import { money, referralLink, useAffiliateAnalytics, useAffiliateDashboard } from '../queries';
import { FunnelChart } from './FunnelChart';
import { PayoutSettingsForm } from './PayoutSettingsForm';
import { RequestPayout } from './RequestPayout';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'referrals', label: 'Referrals' },
  { id: 'earnings', label: 'Earnings' },
  { id: 'tools', label: 'Marketing Tools' },
] as const;
type TabId = (typeof TABS)[number]['id'];

function StatCard({ label, value, icon }: { label: string; value: string; icon: ReactNode }) {
  return (
    <div className="rounded-card border border-border bg-surface p-4 sm:p-5">
      <div className="flex items-center justify-between text-muted">
        <span className="text-sm font-medium">{label}</span>
        {icon}
      </div>
      <p
        className="mt-2 text-2xl font-bold sm:text-3xl"
        data-testid={`stat-${label.toLowerCase().replaceAll(' ', '-')}`}
      >
        {value}
      </p>
    </div>
  );
}

/** Copies the referral link (with an optional campaign tag) to the clipboard. */
export async function copyReferralLink(affiliateId: string, campaign?: string) {
  try {
    await navigator.clipboard.writeText(referralLink(affiliateId, campaign || undefined));
    toast.success(AFFILIATE_MESSAGES.linkCopied);
  } catch {
    toast.error('Could not copy the link. Copy it from the page instead.');
  }
}

function LinkGenerator({ affiliateId }: { affiliateId: string }) {
  const [campaign, setCampaign] = useState('');
  const bad = campaign !== '' && !ZCampaignTag.safeParse(campaign).success;
  return (
    <div className="space-y-3 rounded-card border border-border bg-surface p-5">
      <TextField
        label="Campaign tag (optional)"
        value={campaign}
        maxLength={40}
        onChange={(e) => setCampaign(e.target.value)}
        error={bad ? 'A campaign tag has 1 to 40 letters, digits, - or _' : null}
        placeholder="newsletter"
      />
      <p className="break-all rounded-lg bg-bg px-3 py-2 font-mono text-sm" data-testid="referral-link">
        {referralLink(affiliateId, bad ? undefined : campaign || undefined)}
      </p>
      <Button type="button" disabled={bad} onClick={() => copyReferralLink(affiliateId, campaign)}>
        <Link2 className="size-4" aria-hidden /> Generate Link
      </Button>
    </div>
  );
}

function ReferralList({ d, limit }: { d: TAffiliateDashboard; limit?: number }) {
  if (d.referrals.length === 0) return <p className="py-6 text-center text-muted">{AFFILIATE_MESSAGES.noReferrals}</p>;
  return (
    <ul className="divide-y divide-border rounded-card border border-border bg-surface px-4" aria-label="Referrals">
      {d.referrals.slice(0, limit).map((r) => (
        <li key={r.id} className="flex flex-wrap items-center gap-3 py-3 text-sm" data-testid="referral-row">
          <span className="min-w-0 flex-1 font-medium">
            {r.deleted ? <span className="text-muted italic">Deleted account</span> : r.displayName}
            {r.campaign && <span className="ml-2 text-xs text-muted">#{r.campaign}</span>}
            {r.flagged && <span className="ml-2 rounded bg-error/15 px-1.5 text-xs text-error">flagged</span>}
          </span>
          <span className={r.active ? 'text-primary' : 'text-muted'}>
            {r.deleted ? 'Deleted' : r.active ? 'Active' : 'Not paying'}
          </span>
          <span className="w-20 text-right">{money(r.earnedCents)}</span>
          <span className="w-28 text-right text-muted">{timeAgo(r.createdAt)}</span>
        </li>
      ))}
    </ul>
  );
}

function Earnings({ d }: { d: TAffiliateDashboard }) {
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-3 gap-3 text-sm">
        <div className="rounded-card border border-border bg-surface p-3">
          Pending: <strong>{money(d.stats.pendingCents)}</strong>
        </div>
        <div className="rounded-card border border-border bg-surface p-3">
          Payable: <strong>{money(d.stats.payableCents)}</strong>
        </div>
        <div className="rounded-card border border-border bg-surface p-3">
          Paid: <strong>{money(d.stats.paidCents)}</strong>
        </div>
      </div>
      <p className="text-sm text-muted">
        {d.tier.name} tier: {(d.tier.rateBps / 100).toFixed(0)}% of each paid invoice. Commissions stay pending for 30
        days (the refund window), then become payable.
      </p>
      <section aria-label="Commission entries">
        <h3 className="mb-2 font-semibold">Commission entries</h3>
        {d.entries.length === 0 ? (
          <p className="text-sm text-muted">No commissions yet.</p>
        ) : (
          <ul className="divide-y divide-border rounded-card border border-border bg-surface px-4 text-sm">
            {d.entries.map((e) => (
              <li key={e.id} className="flex gap-3 py-2" data-testid="ledger-row">
                <span className="flex-1">
                  {e.kind === 'commission'
                    ? `${(e.rateBps / 100).toFixed(0)}% of ${money(e.paymentCents)}`
                    : e.kind === 'void'
                      ? 'Referral voided by an admin'
                      : `Refund of ${money(-e.paymentCents)}`}
                </span>
                <span className="text-muted">{e.status}</span>
                <span className="w-20 text-right">{money(e.amountCents)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label="Payouts">
        <h3 className="mb-2 font-semibold">Payouts</h3>
        <RequestPayout d={d} />
        {d.payouts.length === 0 ? (
          <p className="text-sm text-muted">No payouts yet.</p>
        ) : (
          <ul className="divide-y divide-border rounded-card border border-border bg-surface px-4 text-sm">
            {d.payouts.map((p) => (
              <li key={p.id} className="flex gap-3 py-2" data-testid="payout-row">
                <span className="flex-1">{p.period}</span>
                <span>
                  {p.status === 'requested'
                    ? 'Requested'
                    : p.status === 'batched'
                      ? 'Processing'
                      : p.status === 'paid'
                        ? `Paid${p.reference ? ` (${p.reference})` : ''}`
                        : 'Failed'}
                </span>
                <span className="w-20 text-right">{money(p.amountCents)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <PayoutSettingsForm />
    </div>
  );
}

/** The affiliate dashboard: cards, quick actions and the tabs Overview, Referrals, Earnings, Marketing Tools. */
export function AffiliateDashboard() {
  const dash = useAffiliateDashboard();
  const [tab, setTab] = useState<TabId>('overview');
  const [showAnalytics, setShowAnalytics] = useState(false);
  const analytics = useAffiliateAnalytics(showAnalytics);
  const d = dash.data;
  const icon = 'size-5';
  const stats = d?.stats;

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          label="Total Referrals"
          value={String(stats?.totalReferrals ?? 0)}
          icon={<Users className={icon} aria-hidden />}
        />
        <StatCard
          label="Active Referrals"
          value={String(stats?.activeReferrals ?? 0)}
          icon={<TrendingUp className={icon} aria-hidden />}
        />
        <StatCard
          label="Total Earnings"
          value={money(stats?.totalEarningsCents ?? 0)}
          icon={<DollarSign className={icon} aria-hidden />}
        />
        <StatCard
          label="This Month"
          value={money(stats?.thisMonthCents ?? 0)}
          icon={<BarChart3 className={icon} aria-hidden />}
        />
      </div>
      <section aria-labelledby="aff-actions">
        <h2 id="aff-actions" className="mb-3 text-lg font-bold">
          Quick Actions
        </h2>
        <div className="flex flex-wrap gap-3">
          <Button type="button" disabled={!d} onClick={() => d && copyReferralLink(d.affiliateId)}>
            <Link2 className="size-4" aria-hidden /> Generate Link
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => setShowAnalytics((v) => !v)}
            aria-expanded={showAnalytics}
          >
            <BarChart3 className="size-4" aria-hidden /> View Analytics
          </Button>
          <a className={buttonClass('outline')} href="/api/affiliates/me/report.csv" download>
            <Download className="size-4" aria-hidden /> Download
          </a>
        </div>
      </section>
      {showAnalytics && (
        <section aria-label="Analytics" className="rounded-card border border-border bg-surface p-5">
          {analytics.data ? <FunnelChart data={analytics.data} /> : <Spinner />}
        </section>
      )}
      {!d ? (
        dash.isError ? (
          <p className="text-muted">Could not load your affiliate dashboard.</p>
        ) : (
          <Spinner />
        )
      ) : (
        <Tabs.Root value={tab} onValueChange={(v) => setTab(v as TabId)}>
          <Tabs.List
            aria-label="Affiliate dashboard"
            className="mb-4 flex gap-1 overflow-x-auto border-b border-border"
          >
            {TABS.map((t) => (
              <Tabs.Trigger
                key={t.id}
                value={t.id}
                className="-mb-px shrink-0 border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-muted hover:text-fg data-[state=active]:border-primary data-[state=active]:text-fg"
              >
                {t.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="overview" className="space-y-3">
            <p className="text-sm text-muted">
              {d.tier.name} tier · {(d.tier.rateBps / 100).toFixed(0)}% commission · payable{' '}
              {money(d.stats.payableCents)}
            </p>
            <h3 className="font-semibold">Recent referrals</h3>
            <ReferralList d={d} limit={5} />
          </Tabs.Content>
          <Tabs.Content value="referrals">
            <ReferralList d={d} />
          </Tabs.Content>
          <Tabs.Content value="earnings">
            <Earnings d={d} />
          </Tabs.Content>
          <Tabs.Content value="tools" className="space-y-4">
            <LinkGenerator affiliateId={d.affiliateId} />
            <p className="text-sm text-muted">
              Tag each place you share the link (a newsletter, a video) to see which one brings sign-ups in View
              Analytics.
            </p>
          </Tabs.Content>
        </Tabs.Root>
      )}
    </div>
  );
}
