import { STATEMENT_MESSAGES, type TCreatorStatement, type TStatementMonth } from '@wavecast/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Select } from '../../../components/ui/Select';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/session';
import { PayoutMethodForm } from '../components/PayoutMethodForm';
import { money, useCreatorStatement, useRequestCreatorPayout } from '../queries';

const monthName = (m: string) =>
  new Date(`${m}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
/** Listening time: seconds under a minute, else minutes (and hours past an hour). */
const heard = (seconds: number) =>
  seconds < 60
    ? plural(seconds, 'second')
    : seconds < 3600
      ? plural(Math.round(seconds / 60), 'minute')
      : `${plural(Math.floor(seconds / 3600), 'hour')} ${plural(Math.round((seconds % 3600) / 60), 'minute')}`;
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-card border border-border bg-surface p-4">
      <p className="text-sm text-muted">{label}</p>
      <p className="text-2xl font-bold" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

/** The month: by source, the subscribers sentence and what pro-rata would have given. */
function MonthSummary({ m }: { m: TStatementMonth }) {
  const diff = m.earnedCents - m.proRataCents;
  return (
    <section aria-labelledby="earnings-month-title" className="space-y-4">
      <h2 id="earnings-month-title" className="text-lg font-bold">
        {monthName(m.month)}
      </h2>
      <div className="grid gap-3 sm:grid-cols-4">
        <Figure label="Earned" value={money(m.earnedCents)} testId="earned" />
        <Figure label="Subscriptions" value={money(m.subscriptionCents)} testId="earned-subscriptions" />
        <Figure label="Ads" value={money(m.adCents)} testId="earned-ads" />
        <Figure label="Refunds reversed" value={money(m.reversalCents)} />
      </div>
      <p className="text-base font-semibold" data-testid="subscribers-sentence">
        {STATEMENT_MESSAGES.subscribersSentence(m.subscribers, m.subscriptionCents)}
      </p>
      <p className="text-sm" data-testid="counterfactual">
        Under pro-rata (all revenue pooled by plays) you would have earned <strong>{money(m.proRataCents)}</strong>
        {diff === 0
          ? ': the same.'
          : diff > 0
            ? `; this month's rule gave you ${money(diff)} more.`
            : `; this month's rule gave you ${money(-diff)} less.`}
      </p>
      <p className="text-sm text-muted">
        {m.state === 'pending' ? `Pending until ${day(m.availableAt)} (the refund window).` : 'Available for a payout.'}{' '}
        {plural(m.plays, 'play')}, {heard(m.heardSeconds)} heard by subscribers.
      </p>
    </section>
  );
}

function Tracks({ s }: { s: TCreatorStatement }) {
  if (s.tracks.length === 0) return null;
  return (
    <section aria-labelledby="earnings-tracks-title">
      <h2 id="earnings-tracks-title" className="mb-2 text-lg font-bold">
        By track
      </h2>
      <div className="overflow-x-auto rounded-card border border-border">
        <table className="w-full text-left text-sm">
          <thead className="bg-surface-2 text-muted">
            <tr>
              <th className="px-4 py-2">Track</th>
              <th className="px-4 py-2">Subscribers</th>
              <th className="px-4 py-2">Plays</th>
              <th className="px-4 py-2">Earned</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border bg-surface">
            {s.tracks.map((t) => (
              <tr key={t.audioId} data-testid="earnings-track">
                <td className="px-4 py-2 font-medium">{t.title ?? 'Deleted track'}</td>
                <td className="px-4 py-2">{t.subscribers}</td>
                <td className="px-4 py-2">{t.plays}</td>
                <td className="px-4 py-2">{money(t.subscriptionCents + t.reversalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Payouts({ s }: { s: TCreatorStatement }) {
  const request = useRequestCreatorPayout(s.creatorId);
  const [error, setError] = useState<string | null>(null);
  async function go() {
    setError(null);
    try {
      await request.mutateAsync();
      toast.success(STATEMENT_MESSAGES.payoutRequested);
    } catch (err) {
      setError((err as Error).message);
    }
  }
  return (
    <section
      aria-labelledby="earnings-payouts-title"
      className="space-y-4 rounded-card border border-border bg-surface p-5"
    >
      <h2 id="earnings-payouts-title" className="text-lg font-bold">
        Payouts
      </h2>
      <div className="grid gap-3 sm:grid-cols-4">
        <Figure label="Available" value={money(s.balance.availableCents)} testId="available-balance" />
        <Figure label="Pending" value={money(s.balance.pendingCents)} testId="pending-balance" />
        <Figure label="Processing" value={money(s.balance.processingCents)} />
        <Figure label="Paid" value={money(s.balance.paidCents)} />
      </div>
      <p className="text-sm text-muted">Request a payout from {money(s.minPayoutCents)} available, once a month.</p>
      <Button type="button" onClick={go} disabled={request.isPending}>
        {request.isPending ? 'Requesting...' : 'Request Payout'}
      </Button>
      {error && (
        <p className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
      {s.payouts.length > 0 && (
        <ul className="divide-y divide-border text-sm">
          {s.payouts.map((p) => (
            <li key={p.id} className="flex justify-between py-2" data-testid="creator-payout-row">
              <span>{day(p.createdAt)}</span>
              <span className="capitalize">
                {p.status}
                {p.reference ? ` (${p.reference})` : ''}
              </span>
              <strong>{money(p.amountCents)}</strong>
            </li>
          ))}
        </ul>
      )}
      <PayoutMethodForm creatorId={s.creatorId} masked={s.method?.masked ?? null} />
    </section>
  );
}

/** /creator/earnings: the creator dashboard's Earnings tab (issue 37). */
export default function CreatorEarningsPage() {
  const { user } = useSession();
  const [month, setMonth] = useState<string | undefined>(undefined);
  const statement = useCreatorStatement(user?.id, month);
  const s = statement.data;
  return (
    <div className="space-y-6">
      <PageHeading title="Earnings" subtitle="Your share of subscriptions and ads, month by month." />
      {statement.isPending && <p className="text-muted">Loading…</p>}
      {statement.error && (
        <p className="text-error" role="alert">
          {(statement.error as Error).message}
        </p>
      )}
      {s && (
        <>
          <div className="flex flex-wrap items-end gap-3">
            {s.history.length > 0 && (
              <div className="text-sm font-medium">
                <label htmlFor="earnings-month" className="mb-1 block">
                  Month
                </label>
                <Select id="earnings-month" value={s.month?.month ?? ''} onChange={(e) => setMonth(e.target.value)}>
                  {s.history.map((m) => (
                    <option key={m.month} value={m.month}>
                      {monthName(m.month)} · {money(m.earnedCents)}
                    </option>
                  ))}
                </Select>
              </div>
            )}
            <a
              className="text-sm font-semibold text-primary underline"
              href={`/api/creators/${encodeURIComponent(s.creatorId)}/earnings.csv`}
              download
            >
              Download CSV
            </a>
          </div>
          {s.month ? <MonthSummary m={s.month} /> : <p className="text-muted">{STATEMENT_MESSAGES.noEarnings}</p>}
          <Tracks s={s} />
          <Payouts s={s} />
        </>
      )}
    </div>
  );
}
