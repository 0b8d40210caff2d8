import { commissionCents } from '@wavecast/shared';
import { describe, expect, it } from 'vitest';
import { type BookedEntry, largestRemainder, planEntries, type RulePayment, reversalTargets } from './commission-rule';

const DAY = 86_400_000;
const t0 = Date.UTC(2026, 0, 1);
const pay = (id: string, cents: number, day: number, invoiceId: string | null = null): RulePayment => ({
  id,
  kind: cents > 0 ? 'paid' : 'refunded',
  amountCents: cents,
  occurredAt: new Date(t0 + day * DAY),
  invoiceId,
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

  it('a refund naming its invoice refunds that invoice at its own rate, even after a newer one was paid (ADR 0044)', () => {
    const ps = [pay('a', 1000, 0, 'in_a'), pay('b', 2000, 30, 'in_b'), pay('r', -1000, 35, 'in_a')];
    const rates: Record<string, number> = { a: 1500, b: 2500 };
    expect(reversalTargets(ps, (id) => rates[id])).toEqual(new Map([['r', { amountCents: -150, rateBps: 1500 }]]));
    // Without the invoice named (entries from before it was recorded): the latest payment, as before.
    const unnamed = ps.map((p) => (p.id === 'r' ? { ...p, invoiceId: null } : p));
    expect(reversalTargets(unnamed, (id) => rates[id]).get('r')).toEqual({ amountCents: -250, rateBps: 2500 });
    // Its invoice not known yet: held, whatever else was paid before it.
    const held = reversalTargets([pay('b', 2000, 30, 'in_b'), pay('r', -1000, 35, 'in_a')], (id) => rates[id]);
    expect(held.get('r')).toEqual({ amountCents: 0, rateBps: 0 });
  });

  it('partial refunds share the invoice’s commission by largest remainder: refunded in full, exactly what it earned', () => {
    // 999 ¢ at 15% earned 150 ¢; three refunds of 333 ¢ each are 49.95 ¢ apiece.
    const ps = [pay('a', 999, 0, 'in_a'), pay('r1', -333, 1, 'in_a'), pay('r2', -333, 2, 'in_a')];
    let t = reversalTargets(ps, () => 1500);
    expect([t.get('r1')?.amountCents, t.get('r2')?.amountCents]).toEqual([-50, -50]); // kept part: 50
    t = reversalTargets([...ps, pay('r3', -333, 3, 'in_a')], () => 1500);
    expect([t.get('r1')?.amountCents, t.get('r2')?.amountCents, t.get('r3')?.amountCents]).toEqual([-50, -50, -50]);
    // Nine refunds of 3 ¢ on a 27 ¢ payment at 15% (4 ¢ earned): rounding each (0.45 → 0) would give back nothing.
    const small = [pay('p', 27, 0, 'in_p'), ...Array.from({ length: 9 }, (_, i) => pay(`s${i}`, -3, 1 + i, 'in_p'))];
    const back = [...reversalTargets(small, () => 1500).values()].reduce((s, x) => s + x.amountCents, 0);
    expect(back).toBe(-commissionCents(27, 1500));
  });

  it('largest remainder: integer parts that sum to the total, each within a cent of its quota', () => {
    expect(largestRemainder(150, [333, 333, 333])).toEqual([50, 50, 50]);
    expect(largestRemainder(151, [500, 500])).toEqual([76, 75]); // tie: the earlier
    expect(largestRemainder(10, [0, 0])).toEqual([0, 0]);
    const rnd = prng(7);
    for (let k = 0; k < 500; k++) {
      const weights = Array.from({ length: 1 + Math.floor(rnd() * 5) }, () => Math.floor(rnd() * 10_000));
      const total = Math.floor(rnd() * 5_000);
      const parts = largestRemainder(total, weights);
      const sum = weights.reduce((s, w) => s + w, 0);
      if (sum === 0) continue;
      expect(parts.reduce((s, p) => s + p, 0)).toBe(total);
      for (const [i, p] of parts.entries()) expect(Math.abs(p - (total * weights[i]) / sum)).toBeLessThan(1);
    }
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

  it(
    '1,200 random orders, duplicates and delays of payments, refunds and disputes (named or not) end in the rule applied to the final payments',
    () => {
      for (let seed = 1; seed <= 1200; seed++) {
        const rnd = prng(seed);
        const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
        // The final payments: monthly invoices, each with 0-2 refunds and maybe a lost dispute
        // (booked by billing as a refund of what is left). A refund naming its invoice (ADR 0044) may
        // come after newer invoices were paid; one that does not (older entries) comes before the next.
        const payments: RulePayment[] = [];
        const refundsOf = new Map<string, string[]>();
        const invoices = int(1, 4);
        const lastDay = invoices * 30 + 10;
        for (let i = 0; i < invoices; i++) {
          const id = `in${i}`;
          const amount = int(100, 5000);
          payments.push(pay(id, amount, i * 30, `in_${id}`));
          refundsOf.set(id, []);
          let left = amount;
          const refund = (rid: string, cents: number, unnamedDay: number) => {
            const named = rnd() < 0.6;
            const day = named ? int(i * 30, lastDay) : unnamedDay;
            payments.push(pay(rid, -cents, day, named ? `in_${id}` : null));
            refundsOf.get(id)?.push(rid);
          };
          for (let k = int(0, 3); k > 0 && left > 0; k--) {
            const part = int(1, left);
            left -= part;
            refund(`${id}-re${k}`, part, i * 30 + int(1, 20));
          }
          if (left > 0 && rnd() < 0.2) refund(`${id}-dp`, left, i * 30 + 25);
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
        // Each invoice keeps the share of its commission of the part not refunded (largest remainder,
        // the refunds in time order first): 0 when refunded in full.
        let expected = 0;
        const byTime = (a: RulePayment, b: RulePayment) =>
          a.occurredAt.getTime() - b.occurredAt.getTime() || (a.id < b.id ? -1 : 1);
        for (const p of payments.filter((q) => q.kind === 'paid')) {
          const earned = commissionCents(p.amountCents, rateOf.get(p.id) ?? -1);
          const refunds = (refundsOf.get(p.id) ?? [])
            .map((id) => payments.find((q) => q.id === id) as RulePayment)
            .sort(byTime)
            .map((r) => Math.abs(r.amountCents));
          const kept = p.amountCents - refunds.reduce((s, c) => s + c, 0);
          const shares = largestRemainder(earned, [...refunds, kept]);
          if (kept === 0) expect(shares.at(-1), `seed ${seed}`).toBe(0);
          expected += shares.at(-1) ?? 0;
        }
        const balance = ledger.reduce((s, e) => s + e.amountCents, 0);
        expect(balance, `seed ${seed}`).toBe(expected);
        // Booking again changes nothing (idempotent).
        expect(
          planEntries(payments, ledger, 2500, () => true),
          `seed ${seed}`,
        ).toEqual([]);
      }
      // ~50,000 bookings in all: about a second on an idle core, several on the shared 2-core machine.
    },
    20_000 * Number(process.env.TEST_TIME_FACTOR ?? 1),
  );
});
