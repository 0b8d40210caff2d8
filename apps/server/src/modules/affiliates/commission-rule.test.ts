import { commissionCents } from '@wavecast/shared';
import { describe, expect, it } from 'vitest';
import { type BookedEntry, planEntries, type RulePayment, reversalTargets } from './commission-rule';

const DAY = 86_400_000;
const t0 = Date.UTC(2026, 0, 1);
const pay = (id: string, cents: number, day: number): RulePayment => ({
  id,
  kind: cents > 0 ? 'paid' : 'refunded',
  amountCents: cents,
  occurredAt: new Date(t0 + day * DAY),
});

/** mulberry32: a small seeded PRNG, so a failing order can be replayed from its seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the commission rule', () => {
  it('a refund refunds the latest payment before it, at that payment’s rate', () => {
    const ps = [pay('a', 1000, 0), pay('b', 2000, 30), pay('r', -2000, 35)];
    const rates: Record<string, number> = { a: 1500, b: 2500 };
    expect(reversalTargets(ps, (id) => rates[id])).toEqual(new Map([['r', { amountCents: -500, rateBps: 2500 }]]));
  });

  it('a refund larger than its payment spills to the one before; never more than was earned', () => {
    const ps = [pay('a', 1000, 0), pay('b', 1000, 30), pay('r', -1500, 35), pay('r2', -9000, 36)];
    const t = reversalTargets(ps, () => 1500);
    expect(t.get('r')).toEqual({ amountCents: -225, rateBps: 1500 }); // 150 + 75
    expect(t.get('r2')).toEqual({ amountCents: -75, rateBps: 1500 }); // only a's 75 left
  });

  it('holds a refund that arrives before its payment, then reverses it when the payment is booked', () => {
    const refund = pay('r', -999, 3);
    let booked: BookedEntry[] = [];
    const first = planEntries([refund], booked, 1500, () => true);
    expect(first).toMatchObject([{ kind: 'reversal', paymentId: 'r', amountCents: 0 }]);
    booked = [...booked, ...first];
    expect(planEntries([refund], booked, 1500, () => true)).toEqual([]); // booked: nothing new
    const second = planEntries([refund, pay('p', 999, 0)], booked, 2000, () => true);
    expect(second.map((e) => [e.kind, e.paymentId, e.amountCents, e.rateBps])).toEqual([
      ['commission', 'p', 200, 2000],
      ['reversal', 'r', -200, 2000],
    ]);
  });

  it('1,200 random orders, duplicates and delays of payments, refunds and disputes end in the rule applied to the final payments', () => {
    for (let seed = 1; seed <= 1200; seed++) {
      const rnd = prng(seed);
      const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
      // The final payments: monthly invoices, each with 0-2 refunds and maybe a lost dispute
      // (booked by billing as a refund of what is left) before the next invoice.
      const payments: RulePayment[] = [];
      const refundsOf = new Map<string, string[]>();
      const invoices = int(1, 4);
      for (let i = 0; i < invoices; i++) {
        const id = `in${i}`;
        const amount = int(100, 5000);
        payments.push(pay(id, amount, i * 30));
        refundsOf.set(id, []);
        let left = amount;
        for (let k = int(0, 2); k > 0 && left > 0; k--) {
          const part = int(1, left);
          left -= part;
          payments.push(pay(`${id}-re${k}`, -part, i * 30 + int(1, 20)));
          refundsOf.get(id)?.push(`${id}-re${k}`);
        }
        if (left > 0 && rnd() < 0.2) {
          payments.push(pay(`${id}-dp`, -left, i * 30 + 25));
          refundsOf.get(id)?.push(`${id}-dp`);
        }
      }
      // Deliveries: each payment 1-3 times, shuffled; bookings at random moments; the tier moves.
      const deliveries = payments.flatMap((p) => Array.from({ length: int(1, 3) }, () => p));
      for (let i = deliveries.length - 1; i > 0; i--) {
        const j = int(0, i);
        [deliveries[i], deliveries[j]] = [deliveries[j], deliveries[i]];
      }
      const known = new Map<string, RulePayment>();
      const ledger: BookedEntry[] = [];
      const book = () => {
        const rate = [1500, 2000, 2500][int(0, 2)];
        ledger.push(...planEntries([...known.values()], ledger, rate, () => true));
      };
      for (const d of deliveries) {
        known.set(d.id, d); // billing's ledger: one entry per external id
        if (rnd() < 0.5) book();
        if (rnd() < 0.2) book(); // the sweep and a dashboard at once: the second finds nothing new
      }
      book();

      const commissions = ledger.filter((e) => e.kind === 'commission');
      expect(commissions.map((e) => e.paymentId).sort(), `seed ${seed}`).toEqual(
        payments
          .filter((p) => p.kind === 'paid')
          .map((p) => p.id)
          .sort(),
      );
      const rateOf = new Map(commissions.map((e) => [e.paymentId, e.rateBps]));
      let expected = 0;
      for (const p of payments.filter((q) => q.kind === 'paid')) {
        const rate = rateOf.get(p.id) ?? -1;
        const earned = commissionCents(p.amountCents, rate);
        const refunded = (refundsOf.get(p.id) ?? []).map((id) => payments.find((q) => q.id === id)?.amountCents ?? 0);
        const back = refunded.reduce((s, c) => s + commissionCents(Math.abs(c), rate), 0);
        expected += earned - Math.min(earned, back);
      }
      const balance = ledger.reduce((s, e) => s + e.amountCents, 0);
      expect(balance, `seed ${seed}`).toBe(expected);
      // Booking again changes nothing (idempotent).
      expect(
        planEntries(payments, ledger, 2500, () => true),
        `seed ${seed}`,
      ).toEqual([]);
    }
  });
});
