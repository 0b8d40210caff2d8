import { csvRow, type TAdminPayout, type TPayoutBatch, type TPayoutBatchDetail } from '@wavecast/shared';
import { payeeKind } from './payee-kinds';
import type * as repo from './repo';
import type { payoutsService } from './service';

const iso = (d: Date | string) => new Date(d).toISOString();
const money = (cents: number) => (cents / 100).toFixed(2);
type Service = ReturnType<typeof payoutsService>;
type BatchDetail = Awaited<ReturnType<Service['batchDetail']>>;

/** A payout as its payee sees it. */
export function presentPayout(p: repo.PayoutRow) {
  return {
    id: p.id,
    period: p.period,
    amountCents: p.amountCents,
    status: p.status,
    reference: p.reference,
    createdAt: p.createdAt.toISOString(),
    decidedAt: p.decidedAt?.toISOString() ?? null,
  };
}

export function presentAdminPayout(p: Awaited<ReturnType<Service['duePayouts']>>[number]): TAdminPayout {
  return {
    id: p.id,
    payeeKind: p.payee_kind,
    period: p.period,
    amountCents: p.amount_cents,
    status: p.status,
    reference: p.reference,
    createdAt: iso(p.created_at),
    decidedAt: p.decided_at ? iso(p.decided_at) : null,
    affiliate: { id: p.affiliate_id, email: p.email, displayName: p.display_name },
    method: p.method_kind && p.method_masked ? { kind: p.method_kind, masked: p.method_masked } : null,
    batchId: p.batch_id,
    flaggedReferrals: p.held,
  };
}

export const presentBatch = (b: repo.BatchRow): TPayoutBatch => ({
  id: b.id,
  payoutCount: b.payoutCount,
  totalCents: b.totalCents,
  createdAt: b.createdAt.toISOString(),
});

export function presentBatchDetail(d: BatchDetail): TPayoutBatchDetail {
  return {
    ...presentBatch(d.batch),
    payouts: d.payouts.map((p) => ({
      ...presentPayout(p.payout),
      payeeKind: p.payout.payeeKind,
      affiliate: { id: p.payout.payeeId, email: p.email, displayName: p.displayName },
      details: p.details,
    })),
  };
}

const crlf = (cells: unknown[]) => `${csvRow(cells)}\r\n`;

/**
 * PayPal Payouts' bulk upload file (its template's columns): one row per PayPal payout of the batch,
 * amounts in dollars, the payout id as the reference (PayPal returns it with each item).
 */
export function paypalPayoutsCsv(d: BatchDetail): string {
  let out = crlf(['Email/Phone', 'Amount', 'Currency code', 'Reference ID', 'Note to recipient', 'Recipient wallet']);
  for (const p of d.payouts) {
    if (p.details?.kind !== 'paypal') continue;
    out += crlf([
      p.details.email,
      money(p.payout.amountCents),
      'USD',
      p.payout.id,
      payeeKind(p.payout.payeeKind).note,
      'PayPal',
    ]);
  }
  return out;
}

/** The bank transfer list: one row per bank payout of the batch, for the bank's bulk payment upload. */
export function bankPayoutsCsv(d: BatchDetail): string {
  let out = crlf(['Payout ID', 'Account holder', 'Account number', 'Routing', 'Amount', 'Currency', 'Reference']);
  for (const p of d.payouts) {
    if (p.details?.kind !== 'bank') continue;
    const b = p.details;
    out += crlf([
      p.payout.id,
      b.accountName,
      b.accountNumber,
      b.routing ?? '',
      money(p.payout.amountCents),
      'USD',
      `Wavecast payout ${p.payout.period}`,
    ]);
  }
  return out;
}
