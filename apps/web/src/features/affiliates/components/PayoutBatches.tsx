import { AFFILIATE_MESSAGES, type TPayoutBatchDetail, timeAgo } from '@wavecast/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../lib/toast';
import {
  downloadBatchCsv,
  fetchBatchDetail,
  money,
  useCreateBatch,
  usePayoutBatches,
  useTransferBatch,
} from '../queries';

const detailsText = (d: TPayoutBatchDetail['payouts'][number]['details']) =>
  !d
    ? 'no method on file'
    : d.kind === 'paypal'
      ? `PayPal ${d.email}`
      : d.kind === 'stripe'
        ? `Stripe account ${d.accountId}`
        : `Bank: ${d.accountName}, ${d.accountNumber}${d.routing ? `, ${d.routing}` : ''}`;

/** Payout batches: gather the requested payouts, then read a batch's full details or export its CSVs (step-up). */
export function PayoutBatches() {
  const batches = usePayoutBatches();
  const create = useCreateBatch();
  const transfer = useTransferBatch();
  /** Stripe Connect: each transfer marks its payout paid; a refused one is reported and stays batched. */
  const sendTransfers = async (id: string) => {
    const r = await transfer.mutateAsync(id);
    if (r.failed.length)
      throw new Error(`${r.paid.length} paid; refused: ${r.failed.map((f) => f.message).join('; ')}`);
  };
  const [open, setOpen] = useState<TPayoutBatchDetail | null>(null);
  const run = async (f: () => Promise<unknown>, done?: string) => {
    try {
      await f();
      if (done) toast.success(done);
    } catch (err) {
      toast.error((err as Error).message);
    }
  };
  return (
    <section aria-label="Payout batches" className="mb-6 space-y-3 rounded-card border border-border bg-surface p-4">
      <div className="flex items-center gap-3">
        <h3 className="flex-1 text-lg font-semibold">Payout batches</h3>
        <Button
          type="button"
          disabled={create.isPending}
          onClick={() => run(() => create.mutateAsync(), AFFILIATE_MESSAGES.batchCreated)}
        >
          Create Batch
        </Button>
      </div>
      {batches.data?.length === 0 && <p className="text-sm text-muted">No batches yet.</p>}
      <ul className="divide-y divide-border text-sm">
        {batches.data?.map((b) => (
          <li key={b.id} className="flex flex-wrap items-center gap-2 py-2" data-testid="payout-batch">
            <span className="flex-1">
              {b.payoutCount} payouts · {money(b.totalCents)} · {timeAgo(b.createdAt)}
            </span>
            <Button
              type="button"
              variant="outline"
              onClick={() => run(async () => setOpen(await fetchBatchDetail(b.id)))}
            >
              Show Details
            </Button>
            <Button type="button" variant="outline" onClick={() => run(() => downloadBatchCsv(b.id, 'paypal.csv'))}>
              PayPal CSV
            </Button>
            <Button type="button" variant="outline" onClick={() => run(() => downloadBatchCsv(b.id, 'bank.csv'))}>
              Bank CSV
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={transfer.isPending}
              onClick={() => run(() => sendTransfers(b.id), AFFILIATE_MESSAGES.transfersSent)}
            >
              Pay with Stripe Connect
            </Button>
          </li>
        ))}
      </ul>
      {open && (
        <section aria-label="Batch details" className="rounded-card border border-border p-3 text-sm">
          <ul className="space-y-1">
            {open.payouts.map((p) => (
              <li key={p.id} data-testid="batch-payout">
                {p.affiliate.displayName || p.affiliate.email} · {money(p.amountCents)} · {detailsText(p.details)} ·{' '}
                {p.status}
                {p.reference ? ` (${p.reference})` : ''}
              </li>
            ))}
          </ul>
          <Button type="button" variant="outline" className="mt-2" onClick={() => setOpen(null)}>
            Hide Details
          </Button>
        </section>
      )}
    </section>
  );
}
