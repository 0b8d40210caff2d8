import { commissionCents } from '@wavecast/shared';

/**
 * The commission rule as a pure function of one referral's payments (ADRs 0039, 0044): what the
 * ledger must hold once every payment known so far is booked, whatever order the payments arrived in.
 *
 * - A paid payment earns amount × the rate recorded with its commission (the tier when it was
 *   first booked; 0 outside the commission window). The rate never changes afterwards.
 * - A refund (or chargeback) that names its invoice refunds that invoice's payment; one that does
 *   not (older entries, a charge without an invoice) refunds the latest paid payment at or before it
 *   (provider time) that still has unrefunded cents, spilling to the one before.
 * - A payment's commission is shared among its refunded parts and the part kept, in proportion to
 *   their cents, by largest remainder (integer cents; ties to the earlier refund, then to the kept
 *   part): a payment refunded in full takes back exactly what it earned, never more.
 * - A refund whose payment is not known yet is held: it takes nothing until that payment arrives,
 *   and the next booking appends the difference (the ledger stays append-only).
 */

export interface RulePayment {
  id: string;
  kind: 'paid' | 'refunded';
  /** Signed: paid > 0, refunded < 0. */
  amountCents: number;
  occurredAt: Date;
  /** The provider's invoice: a payment's own, the one a refund refunds (null/absent: not named). */
  invoiceId?: string | null;
}

const byTime = (a: RulePayment, b: RulePayment) =>
  a.occurredAt.getTime() - b.occurredAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * `total` shared in proportion to `weights` (non-negative integers), by largest remainder: the
 * parts are integers and sum to `total` exactly (when any weight is positive). Ties go to the
 * earlier weight.
 */
export function largestRemainder(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0) return weights.map(() => 0);
  // Integer arithmetic: cents × cents stays far below 2^53.
  const parts = weights.map((w) => Math.floor((total * w) / sum));
  const rems = weights.map((w, i) => total * w - parts[i] * sum);
  let left = total - parts.reduce((s, p) => s + p, 0);
  const order = weights.map((_, i) => i).sort((a, b) => rems[b] - rems[a] || a - b);
  for (const i of order) {
    if (left <= 0) break;
    parts[i]++;
    left--;
  }
  return parts;
}

/**
 * What each refund takes back (≤ 0) and the rate of the payment it refunds (first part), given the
 * rate recorded for each paid payment (`rateOf`; null: not booked yet, treated as 0).
 */
export function reversalTargets(
  payments: readonly RulePayment[],
  rateOf: (paymentId: string) => number | null,
): Map<string, { amountCents: number; rateBps: number }> {
  const paid = payments.filter((p) => p.kind === 'paid').sort(byTime);
  const refunds = payments.filter((p) => p.kind === 'refunded').sort(byTime);
  const refundable = new Map(paid.map((p) => [p.id, p.amountCents]));
  const paidOfInvoice = new Map<string, RulePayment>();
  for (const p of paid) if (p.invoiceId && !paidOfInvoice.has(p.invoiceId)) paidOfInvoice.set(p.invoiceId, p);
  /** Per paid payment, the refunded parts in the order they were assigned: [refund id, cents]. */
  const parts = new Map<string, [string, number][]>(paid.map((p) => [p.id, []]));
  /** Each refund's first payment (the latest one, for a refund that spilled): its rate is the entry's. */
  const firstOf = new Map<string, string>();
  const assign = (p: RulePayment, refundId: string, cents: number) => {
    refundable.set(p.id, (refundable.get(p.id) ?? 0) - cents);
    parts.get(p.id)?.push([refundId, cents]);
    if (!firstOf.has(refundId)) firstOf.set(refundId, p.id);
  };
  // Named refunds first: each takes its own invoice's cents (never more than it paid).
  for (const r of refunds) {
    const p = r.invoiceId ? paidOfInvoice.get(r.invoiceId) : undefined;
    if (!p) continue;
    const chunk = Math.min(Math.abs(r.amountCents), refundable.get(p.id) ?? 0);
    if (chunk > 0) assign(p, r.id, chunk);
  }
  // Unnamed ones: the latest payment at or before them with cents left, spilling backwards.
  for (const r of refunds) {
    if (r.invoiceId) continue; // named: its invoice, or held until its payment is known
    let left = Math.abs(r.amountCents);
    for (let i = paid.length - 1; i >= 0 && left > 0; i--) {
      const p = paid[i];
      if (p.occurredAt.getTime() > r.occurredAt.getTime()) continue;
      const chunk = Math.min(left, refundable.get(p.id) ?? 0);
      if (chunk <= 0) continue;
      assign(p, r.id, chunk);
      left -= chunk;
    }
  }
  const out = new Map<string, { amountCents: number; rateBps: number }>(
    refunds.map((r) => {
      const first = firstOf.get(r.id);
      return [r.id, { amountCents: 0, rateBps: first ? (rateOf(first) ?? 0) : 0 }];
    }),
  );
  // The refunds in time order, then the part kept: the ties' order, whatever order they arrived in.
  const rank = new Map(refunds.map((r, i) => [r.id, i]));
  for (const p of paid) {
    const list = parts.get(p.id) ?? [];
    if (list.length === 0) continue;
    list.sort((a, b) => (rank.get(a[0]) ?? 0) - (rank.get(b[0]) ?? 0));
    const rate = rateOf(p.id) ?? 0;
    const shares = largestRemainder(commissionCents(p.amountCents, rate), [
      ...list.map(([, cents]) => cents),
      Math.max(0, refundable.get(p.id) ?? 0),
    ]);
    list.forEach(([refundId], i) => {
      const t = out.get(refundId);
      if (t && shares[i] > 0) t.amountCents -= shares[i];
    });
  }
  return out;
}

export interface BookedEntry {
  kind: 'commission' | 'reversal';
  paymentId: string;
  amountCents: number;
  rateBps: number;
}

export type PlannedEntry = BookedEntry & { occurredAt: Date; paymentCents: number; payable: 'window' | 'now' };

/**
 * The entries to append so the ledger matches the rule: a commission for each paid payment not
 * booked yet (at `rateNow`, or 0 when `inWindow` says it is outside the commission window), then
 * for each refund the difference between what it should take back and what it took so far (a
 * refund seen for the first time always gets an entry, 0 while held, so it counts as booked).
 */
export function planEntries(
  payments: readonly RulePayment[],
  booked: readonly BookedEntry[],
  rateNow: number,
  inWindow: (p: RulePayment) => boolean,
): PlannedEntry[] {
  const rates = new Map<string, number>();
  const reversed = new Map<string, number>();
  for (const e of booked) {
    if (e.kind === 'commission') rates.set(e.paymentId, e.rateBps);
    else reversed.set(e.paymentId, (reversed.get(e.paymentId) ?? 0) + e.amountCents);
  }
  const plan: PlannedEntry[] = [];
  for (const p of [...payments].sort(byTime)) {
    if (p.kind !== 'paid' || rates.has(p.id)) continue;
    const rateBps = inWindow(p) ? rateNow : 0;
    rates.set(p.id, rateBps);
    plan.push({
      kind: 'commission',
      paymentId: p.id,
      amountCents: commissionCents(p.amountCents, rateBps),
      rateBps,
      occurredAt: p.occurredAt,
      paymentCents: p.amountCents,
      payable: 'window',
    });
  }
  const targets = reversalTargets(payments, (id) => rates.get(id) ?? null);
  for (const r of [...payments].filter((p) => p.kind === 'refunded').sort(byTime)) {
    const target = targets.get(r.id) ?? { amountCents: 0, rateBps: 0 };
    const sofar = reversed.get(r.id);
    if (sofar !== undefined && sofar === target.amountCents) continue;
    plan.push({
      kind: 'reversal',
      paymentId: r.id,
      amountCents: target.amountCents - (sofar ?? 0),
      rateBps: target.rateBps,
      occurredAt: r.occurredAt,
      paymentCents: r.amountCents,
      payable: 'now',
    });
  }
  return plan;
}
