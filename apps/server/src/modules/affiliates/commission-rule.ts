import { commissionCents } from '@wavecast/shared';

/**
 * The commission rule as a pure function of one referral's payments (ADR 0039): what the ledger
 * must hold once every payment known so far is booked, whatever order the payments arrived in.
 *
 * - A paid payment earns amount × the rate recorded with its commission (the tier when it was
 *   first booked; 0 outside the commission window). The rate never changes afterwards.
 * - A refund refunds the latest paid payment at or before it (provider time) that still has
 *   unrefunded cents, spilling to the one before; it takes back commissionCents(refunded part,
 *   that payment's rate), never more than that payment's commission left.
 * - A refund with no payment before it yet is held: it takes nothing until that payment arrives,
 *   and the next booking appends the difference (the ledger stays append-only).
 */

export interface RulePayment {
  id: string;
  kind: 'paid' | 'refunded';
  /** Signed: paid > 0, refunded < 0. */
  amountCents: number;
  occurredAt: Date;
}

const byTime = (a: RulePayment, b: RulePayment) =>
  a.occurredAt.getTime() - b.occurredAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

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
  const commissionLeft = new Map(paid.map((p) => [p.id, commissionCents(p.amountCents, rateOf(p.id) ?? 0)]));
  const out = new Map<string, { amountCents: number; rateBps: number }>();
  for (const r of refunds) {
    let left = Math.abs(r.amountCents);
    let take = 0;
    let rateBps: number | null = null;
    for (let i = paid.length - 1; i >= 0 && left > 0; i--) {
      const p = paid[i];
      if (p.occurredAt.getTime() > r.occurredAt.getTime()) continue;
      const chunk = Math.min(left, refundable.get(p.id) ?? 0);
      if (chunk <= 0) continue;
      const rate = rateOf(p.id) ?? 0;
      const part = Math.min(commissionCents(chunk, rate), commissionLeft.get(p.id) ?? 0);
      refundable.set(p.id, (refundable.get(p.id) ?? 0) - chunk);
      commissionLeft.set(p.id, (commissionLeft.get(p.id) ?? 0) - part);
      take += part;
      left -= chunk;
      rateBps ??= rate;
    }
    out.set(r.id, { amountCents: take === 0 ? 0 : -take, rateBps: rateBps ?? 0 });
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
