import { AD_MESSAGES, formatMicros } from '@wavecast/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../lib/toast';
import { type AdvertiserBalance, useAdvertiserBalances, useCreditAdvertiser } from '../queries';

/** Admin tab: advertisers and their balances; a credit is audited and needs a recent password. */
export function AdvertisersAdmin() {
  const query = useAdvertiserBalances();
  return (
    <section aria-labelledby="admin-advertisers-title">
      <h2 id="admin-advertisers-title" className="mb-4 text-xl font-semibold">
        Advertisers
      </h2>
      {query.isPending ? (
        <Spinner />
      ) : !query.data?.length ? (
        <p className="text-sm text-muted">No advertisers yet.</p>
      ) : (
        <ul className="divide-y divide-border rounded-card border border-border bg-surface px-4">
          {query.data.map((a) => (
            <AdvertiserRow key={a.id} advertiser={a} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AdvertiserRow({ advertiser: a }: { advertiser: AdvertiserBalance }) {
  const credit = useCreditAdvertiser();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  return (
    <li className="flex flex-wrap items-end justify-between gap-3 py-4" data-testid="advertiser-row">
      <div className="min-w-0">
        <p className="font-medium">{a.displayName || a.email}</p>
        <p className="text-sm text-muted">
          {a.email} · {a.campaigns} campaigns · balance{' '}
          <span className="tabular-nums">{formatMicros(a.balanceMicros)}</span>
        </p>
      </div>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={async (e) => {
          e.preventDefault();
          const cents = Math.round(Number(amount) * 100);
          if (!Number.isFinite(cents) || cents < 1) return toast.error('Enter an amount in dollars');
          try {
            await credit.mutateAsync({ id: a.id, amountCents: cents, note });
            toast.success(AD_MESSAGES.credited);
            setAmount('');
            setNote('');
          } catch (err) {
            toast.error(err instanceof Error ? err.message : 'Something went wrong');
          }
        }}
      >
        <label className="text-sm">
          <span className="mb-1 block font-medium">Credit (USD)</span>
          <input
            type="number"
            min={0.01}
            step="0.01"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            className="h-9 w-28 rounded-lg border border-border bg-bg px-3"
          />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium">Note</span>
          <input
            value={note}
            maxLength={500}
            onChange={(e) => setNote(e.target.value)}
            className="h-9 w-48 rounded-lg border border-border bg-bg px-3"
          />
        </label>
        <Button size="sm" type="submit" disabled={credit.isPending || !note.trim() || !amount}>
          Credit
        </Button>
      </form>
    </li>
  );
}
