import {
  AD_CREDIT_PACKAGES,
  AD_MESSAGES,
  type AdCreditPackage,
  formatMicros,
  type TAdvertiserOverview,
  type TCampaign,
} from '@wavecast/shared';
import { CreditCard, Download, Plus } from 'lucide-react';
import { useState } from 'react';
import { NavLink, useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Spinner } from '../../../components/ui/Spinner';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { CampaignForm } from '../components/CampaignForm';
import { ImpressionsChart } from '../components/ImpressionsChart';
import {
  useAdvertiser,
  useCampaignAction,
  useCampaignDays,
  useCreateCampaign,
  useTopUp,
  useUpdateCampaign,
  useUploadCreative,
} from '../queries';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'campaigns', label: 'Campaigns' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'billing', label: 'Billing' },
] as const;
type Tab = (typeof TABS)[number]['id'];

const STATUS_LABEL: Record<TCampaign['status'], string> = {
  draft: 'Draft',
  in_review: 'In review',
  active: 'Active',
  paused: 'Paused',
  held: 'Paused by an admin',
  rejected: 'Rejected',
  stopped: 'Stopped by an admin',
  completed: 'Completed',
};

/** What the admin's reason is shown as (the campaign's `reviewNote`), by status. */
const NOTE_LABEL: Partial<Record<TCampaign['status'], string>> = {
  rejected: 'Rejected',
  held: 'Paused by an admin',
  stopped: 'Stopped by an admin',
};

const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : 'Something went wrong');
const pct = (n: number) => `${(n * 100).toFixed(2)}%`;

/** /dashboard/advertiser/* (and the owner's /profile/advertiser/:id): campaigns, figures, balance. */
export default function AdvertiserDashboardPage() {
  const tab = ((useParams()['*'] ?? '').split('/')[0] || 'overview') as Tab;
  const query = useAdvertiser();
  const [creating, setCreating] = useState(false);
  const current: Tab = TABS.some((t) => t.id === tab) ? tab : 'overview';
  const data = query.data;

  return (
    <section className="mx-auto max-w-6xl">
      <PageHeading
        title="Advertiser Dashboard"
        subtitle={data ? `Balance ${formatMicros(data.balanceMicros)}` : undefined}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setCreating(true)} data-testid="create-campaign">
              <Plus className="size-4" aria-hidden />
              Create Campaign
            </Button>
            <ButtonLink to="/dashboard/advertiser/billing" variant="outline">
              <CreditCard className="size-4" aria-hidden />
              Add Payment Method
            </ButtonLink>
          </div>
        }
      />
      <nav aria-label="Advertiser dashboard" className="mb-6 flex gap-1 border-b border-border">
        {TABS.map((t) => (
          <NavLink
            key={t.id}
            to={`/dashboard/advertiser/${t.id}`}
            className={cn(
              '-mb-px border-b-2 px-4 py-2 text-sm font-medium',
              current === t.id ? 'border-primary text-fg' : 'border-transparent text-muted hover:text-fg',
            )}
          >
            {t.label}
          </NavLink>
        ))}
      </nav>
      {creating && <CreateCampaign onDone={() => setCreating(false)} />}
      {!data ? (
        query.isError ? (
          <p className="text-muted">Could not load the dashboard.</p>
        ) : (
          <Spinner />
        )
      ) : current === 'overview' ? (
        <Overview data={data} />
      ) : current === 'campaigns' ? (
        <Campaigns campaigns={data.campaigns} />
      ) : current === 'analytics' ? (
        <Analytics data={data} />
      ) : (
        <Billing data={data} />
      )}
    </section>
  );
}

function CreateCampaign({ onDone }: { onDone: () => void }) {
  const create = useCreateCampaign();
  return (
    <div className="mb-6">
      <CampaignForm
        busy={create.isPending}
        onCancel={onDone}
        onSubmit={async (input) => {
          try {
            await create.mutateAsync(input);
            toast.success(AD_MESSAGES.campaignCreated);
            onDone();
          } catch (e) {
            toast.error(errorText(e));
          }
        }}
      />
    </div>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-card border border-border bg-surface p-4">
      <p className="text-sm text-muted">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

function totals(campaigns: TCampaign[]) {
  const impressions = campaigns.reduce((n, c) => n + c.stats.impressions, 0);
  const clicks = campaigns.reduce((n, c) => n + c.stats.clicks, 0);
  const spent = campaigns.reduce((n, c) => n + c.stats.spentMicros, 0);
  return { impressions, clicks, spent, ctr: impressions ? clicks / impressions : 0 };
}

function Overview({ data }: { data: TAdvertiserOverview }) {
  const t = totals(data.campaigns);
  const held = data.campaigns.filter((c) => c.deliveryIssue === 'balance_too_low').length;
  return (
    <div className="space-y-6">
      {held > 0 && (
        <p
          className="rounded-card border border-error/40 bg-surface px-4 py-3 text-sm"
          role="status"
          data-testid="ads-balance-low"
        >
          {held === 1 ? '1 active campaign is' : `${held} active campaigns are`} not delivering: your balance cannot pay
          for one more impression.{' '}
          <NavLink to="/dashboard/advertiser/billing" className="font-medium underline">
            Top up
          </NavLink>{' '}
          and delivery resumes by itself.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <Stat label="Impressions" value={String(t.impressions)} testId="ads-impressions" />
        <Stat label="Clicks" value={String(t.clicks)} testId="ads-clicks" />
        <Stat label="CTR" value={pct(t.ctr)} />
        <Stat label="Spend" value={formatMicros(t.spent)} testId="ads-spend" />
        <Stat label="Balance" value={formatMicros(data.balanceMicros)} testId="ads-balance" />
      </div>
      <ImpressionsChart days={data.days} />
    </div>
  );
}

function Campaigns({ campaigns }: { campaigns: TCampaign[] }) {
  if (!campaigns.length) {
    return (
      <p className="rounded-card border border-dashed border-border px-4 py-8 text-center text-muted">
        No campaigns yet
      </p>
    );
  }
  return (
    <ul className="space-y-4">
      {campaigns.map((c) => (
        <CampaignRow key={c.id} campaign={c} />
      ))}
    </ul>
  );
}

function CampaignRow({ campaign: c }: { campaign: TCampaign }) {
  const [editing, setEditing] = useState(false);
  const [chart, setChart] = useState(false);
  const days = useCampaignDays(c.id, chart);
  const action = useCampaignAction();
  const upload = useUploadCreative();
  const update = useUpdateCampaign();
  const run = async (a: 'submit' | 'pause' | 'resume') => {
    try {
      const res = await action.mutateAsync({ id: c.id, action: a });
      toast.success(res.message);
    } catch (e) {
      toast.error(errorText(e));
    }
  };
  const accept = c.format === 'audio' ? 'audio/*' : 'image/png,image/jpeg,image/webp';
  return (
    <li className="rounded-card border border-border bg-surface p-4" data-testid="campaign-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">{c.name}</p>
          <p className="text-sm text-muted">
            {c.format} · {formatMicros(c.cpmMicros)} CPM ·{' '}
            <span data-testid="campaign-status">{STATUS_LABEL[c.status]}</span>
          </p>
          {c.reviewNote && NOTE_LABEL[c.status] && (
            <p className="mt-1 text-sm text-error" data-testid="campaign-admin-note">
              {NOTE_LABEL[c.status]}: {c.reviewNote}
            </p>
          )}
          {c.deliveryIssue === 'balance_too_low' && (
            <p className="mt-1 text-sm text-error" role="status" data-testid="campaign-balance-low">
              {AD_MESSAGES.balanceTooLow}{' '}
              <NavLink to="/dashboard/advertiser/billing" className="underline">
                Top up
              </NavLink>
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <label className="inline-flex cursor-pointer items-center rounded-lg border border-border px-3 py-1.5 text-sm">
            {c.creative ? 'Replace creative' : 'Upload creative'}
            <input
              type="file"
              accept={accept}
              className="sr-only"
              data-testid="creative-input"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (!file) return;
                try {
                  await upload.mutateAsync({ id: c.id, file });
                  toast.success(AD_MESSAGES.creativeSaved);
                } catch (err) {
                  toast.error(errorText(err));
                }
              }}
            />
          </label>
          {(c.status === 'draft' || c.status === 'rejected') && (
            <Button size="sm" onClick={() => run('submit')} disabled={action.isPending}>
              Submit for review
            </Button>
          )}
          {c.status === 'active' && (
            <Button size="sm" variant="outline" onClick={() => run('pause')}>
              Pause
            </Button>
          )}
          {c.status === 'paused' && (
            <Button size="sm" onClick={() => run('resume')}>
              Resume
            </Button>
          )}
          {c.status !== 'completed' && c.status !== 'stopped' && c.status !== 'held' && (
            <Button size="sm" variant="ghost" onClick={() => setEditing((v) => !v)}>
              Edit
            </Button>
          )}
          <Button size="sm" variant="ghost" aria-expanded={chart} onClick={() => setChart((v) => !v)}>
            Chart
          </Button>
        </div>
      </div>
      {upload.isPending && <p className="mt-2 text-sm text-muted">Checking the creative…</p>}
      {c.creative?.kind === 'audio' && (
        // biome-ignore lint/a11y/useMediaCaption: an ad creative preview
        <audio controls preload="none" src={c.creative.url} className="mt-3 w-full max-w-md" />
      )}
      {c.creative?.kind === 'image' && (
        <img src={c.creative.url} alt="" className="mt-3 max-h-40 rounded border border-border" />
      )}
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-6">
        <Fact label="Impressions" value={String(c.stats.impressions)} />
        <Fact label="Filtered" value={String(c.stats.filtered)} />
        <Fact label="Clicks" value={String(c.stats.clicks)} />
        <Fact label="CTR" value={pct(c.stats.ctr)} />
        <Fact label="Spend" value={formatMicros(c.stats.spentMicros)} />
        <Fact label="Remaining budget" value={formatMicros(c.stats.remainingMicros)} />
      </dl>
      {c.stats.quartiles && (
        <dl className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-5" aria-label="Audio quartiles">
          <Fact label="25% heard" value={String(c.stats.quartiles.firstQuartile)} />
          <Fact label="50% heard" value={String(c.stats.quartiles.midpoint)} />
          <Fact label="75% heard" value={String(c.stats.quartiles.thirdQuartile)} />
          <Fact label="Completed" value={String(c.stats.quartiles.complete)} />
          <Fact label="Completion rate" value={pct(c.stats.quartiles.completionRate)} />
        </dl>
      )}
      {chart && <div className="mt-4">{days.data ? <ImpressionsChart days={days.data} /> : <Spinner />}</div>}
      {editing && (
        <div className="mt-4">
          <CampaignForm
            campaign={c}
            busy={update.isPending}
            onCancel={() => setEditing(false)}
            onSubmit={async (input) => {
              try {
                await update.mutateAsync({ id: c.id, input });
                toast.success(AD_MESSAGES.campaignSaved);
                setEditing(false);
              } catch (e) {
                toast.error(errorText(e));
              }
            }}
          />
        </div>
      )}
    </li>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}

function Analytics({ data }: { data: TAdvertiserOverview }) {
  return (
    <div className="space-y-6">
      <div className="flex justify-end">
        <a
          href="/api/ads/advertiser/export.csv"
          download="campaigns.csv"
          className="inline-flex items-center gap-2 rounded-lg border border-border px-3 py-1.5 text-sm"
        >
          <Download className="size-4" aria-hidden /> Export CSV
        </a>
      </div>
      <ImpressionsChart days={data.days} />
      <QuartileTable campaigns={data.campaigns} />
      <table className="w-full text-sm">
        <thead className="text-left text-muted">
          <tr>
            <th className="py-2">Day</th>
            <th>Impressions</th>
            <th>Clicks</th>
            <th>Spend</th>
          </tr>
        </thead>
        <tbody>
          {data.days.map((d) => (
            <tr key={d.day} className="border-t border-border">
              <td className="py-2">{d.day}</td>
              <td>{d.impressions}</td>
              <td>{d.clicks}</td>
              <td>{formatMicros(d.spentMicros)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Audio campaigns: of the impressions (the ad started), how many reached each quartile (in order, in time). */
function QuartileTable({ campaigns }: { campaigns: TCampaign[] }) {
  const audio = campaigns.filter((c) => c.stats.quartiles);
  if (!audio.length) return null;
  return (
    <section aria-label="Audio quartiles">
      <h2 className="mb-2 text-lg font-semibold">Audio quartiles</h2>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="quartile-table">
          <thead className="text-left text-muted">
            <tr>
              <th className="py-2">Campaign</th>
              <th>Started</th>
              <th>25%</th>
              <th>50%</th>
              <th>75%</th>
              <th>Complete</th>
              <th>Completion rate</th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {audio.map((c) => {
              const q = c.stats.quartiles as NonNullable<TCampaign['stats']['quartiles']>;
              return (
                <tr key={c.id} className="border-t border-border" data-testid="quartile-row">
                  <td className="py-2">{c.name}</td>
                  <td>{q.started}</td>
                  <td>{q.firstQuartile}</td>
                  <td>{q.midpoint}</td>
                  <td>{q.thirdQuartile}</td>
                  <td>{q.complete}</td>
                  <td>{pct(q.completionRate)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const LEDGER_LABEL = { topup: 'Top-up', refund: 'Refund', admin_credit: 'Credit', spend: 'Spend' } as const;

function Billing({ data }: { data: TAdvertiserOverview }) {
  const topUp = useTopUp();
  const [amount, setAmount] = useState('100');
  const pay = async (input: { amountCents: number } | { package: AdCreditPackage }) => {
    try {
      await topUp.mutateAsync(input);
    } catch (e) {
      toast.error(errorText(e));
    }
  };
  return (
    <div className="space-y-6">
      <div className="rounded-card border border-border bg-surface p-5">
        <p className="text-sm text-muted">Balance</p>
        <p className="text-3xl font-bold tabular-nums" data-testid="ads-billing-balance">
          {formatMicros(data.balanceMicros)}
        </p>
        {!data.payingEnabled && (
          <p className="mt-2 text-sm text-muted">Online payments are not set up; an admin can credit your balance.</p>
        )}
        <form
          className="mt-4 flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const cents = Math.round(Number(amount) * 100);
            if (!Number.isFinite(cents) || cents < 1000) return toast.error('The smallest top-up is $10');
            void pay({ amountCents: cents });
          }}
        >
          <label className="text-sm">
            <span className="mb-1 block font-medium">Top-up amount (USD)</span>
            <input
              type="number"
              min={10}
              step="0.01"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              className="h-10 w-40 rounded-lg border border-border bg-bg px-3"
            />
          </label>
          <Button type="submit" disabled={topUp.isPending || !data.payingEnabled}>
            Top Up
          </Button>
        </form>
        <div className="mt-4 flex flex-wrap gap-2">
          {(Object.keys(AD_CREDIT_PACKAGES) as AdCreditPackage[]).map((p) => (
            <Button
              key={p}
              variant="outline"
              disabled={topUp.isPending || !data.payingEnabled}
              onClick={() => pay({ package: p })}
            >
              Buy {AD_CREDIT_PACKAGES[p].name} (${(AD_CREDIT_PACKAGES[p].cents / 100).toLocaleString('en-US')} credit)
            </Button>
          ))}
        </div>
      </div>
      <section aria-label="Balance history">
        <h2 className="mb-2 text-lg font-semibold">Balance history</h2>
        <p className="mb-2 text-sm text-muted">
          Spent on impressions so far: {formatMicros(totals(data.campaigns).spent)}
        </p>
        {data.ledger.length === 0 ? (
          <p className="text-sm text-muted">No entries yet</p>
        ) : (
          <ul className="divide-y divide-border rounded-card border border-border bg-surface px-4 text-sm">
            {data.ledger.map((e) => (
              <li key={e.id} className="flex justify-between gap-3 py-2">
                <span>
                  {LEDGER_LABEL[e.kind]}
                  {e.note ? ` · ${e.note}` : ''}
                </span>
                <span className="tabular-nums">
                  {formatMicros(e.amountMicros)} · {new Date(e.at).toLocaleDateString()}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
