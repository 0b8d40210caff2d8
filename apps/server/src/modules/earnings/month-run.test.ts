import { EARNINGS_RULES, type EarningsRule } from '@wavecast/shared';
import { describe, expect, it } from 'vitest';
import { platformSplit, splitSubscriber } from './allocate';
import { reversalBase } from './close';
import { MonthRun, type PayerListening, weightsFor } from './month-run';

// Property tests over random months from a seeded generator (no fast-check in the tree): each seed
// is a month of subscribers (some with fees beyond their payment, some on a Family plan whose
// members' listening the owner pays for), plays, ads and refunds.

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface RandomMonth {
  units: Map<string, number>;
  adCents: Map<string, number>;
  listening: Map<string, PayerListening[]>;
}

function randomMonth(seed: number): RandomMonth {
  const r = rng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const creators = Array.from({ length: int(1, 12) }, (_, i) => `c${i}`);
  const tracks = Array.from({ length: int(1, 30) }, (_, i) => ({
    audioId: `t${i}`,
    creatorId: creators[i % creators.length] as string,
  }));
  const units = new Map<string, number>();
  const listening = new Map<string, PayerListening[]>();
  const payers = int(0, 60);
  for (let p = 0; p < payers; p++) {
    const id = `u${String(p).padStart(3, '0')}`;
    // Mostly a plan's price after fees and commission; now and then a refund the same month (≤ 0).
    units.set(id, r() < 0.1 ? -int(0, 80) : int(1, 2_999));
    const rows: PayerListening[] = [];
    // One account in ten a Family plan: the owner and 2–5 members, each listening on the owner's plan.
    const family = r() < 0.1 ? [id, ...Array.from({ length: int(2, 5) }, (_, k) => `${id}-m${k}`)] : [id];
    const n = r() < 0.15 ? 0 : int(1, 12) * family.length;
    for (let k = 0; k < n; k++) {
      const t = tracks[int(0, tracks.length - 1)] as (typeof tracks)[number];
      const plays = int(1, 400);
      rows.push({
        ...t,
        listenerId: family[int(0, family.length - 1)] as string,
        day: `2026-10-${String(int(1, 28)).padStart(2, '0')}`,
        plays,
        longPlays: int(0, plays),
        heardSeconds: plays * int(5, 300),
      });
    }
    listening.set(id, rows);
  }
  // Listening of accounts that did not pay this month counts for nothing.
  listening.set('free', [
    { ...(tracks[0] as (typeof tracks)[number]), day: '2026-10-01', plays: 50, longPlays: 50, heardSeconds: 5000 },
  ]);
  const adCents = new Map<string, number>();
  for (const c of creators) if (r() < 0.5) adCents.set(c, int(0, 50_000));
  return { units, adCents, listening };
}

function runMonth(m: RandomMonth, rule: EarningsRule, bps = 3000) {
  const run = new MonthRun({ rule, platformShareBps: bps, units: m.units, adCents: m.adCents });
  for (const [payer, rows] of m.listening) run.addPayer(payer, rows);
  return run.finish();
}

/** A map's entries in key order, as one string: two maps compare equal whatever their insertion order. */
const same = (m: ReadonlyMap<string, number>) => JSON.stringify([...m].sort(([a], [b]) => (a < b ? -1 : 1)));

const SEEDS = Array.from({ length: 200 }, (_, i) => i + 1);

describe('a month allocation (random months)', () => {
  it('conserves revenue to the cent under every rule and platform share', () => {
    // Checked without an expect per figure (thousands of months): the first few misses are listed.
    const misses: string[] = [];
    for (const seed of SEEDS) {
      const m = randomMonth(seed);
      const net = [...m.units.values()].reduce((a, b) => a + b, 0);
      const ads = [...m.adCents.values()].reduce((a, b) => a + b, 0);
      for (const rule of EARNINGS_RULES) {
        for (const bps of [0, 3000, 10_000]) {
          const out = runMonth(m, rule, bps);
          const entries = out.entries.reduce((a, e) => a + e.cents, 0);
          const ok =
            out.subscriptionNetCents === net &&
            out.adNetCents === ads &&
            out.creatorsCents + out.platformCents === net + ads &&
            entries === out.creatorsCents &&
            out.entries.every((e) => Number.isSafeInteger(e.cents)) &&
            (bps !== 10_000 || out.creatorsCents === 0);
          if (!ok && misses.length < 5) misses.push(`seed ${seed} ${rule} ${bps}`);
        }
      }
    }
    expect(misses).toEqual([]);
  }, 60_000);

  it('user-centric: a creator gets exactly the sum of their listeners’ shares', () => {
    const misses: string[] = [];
    for (const seed of SEEDS) {
      const m = randomMonth(seed);
      const out = runMonth(m, 'user-centric');
      const expected = new Map<string, number>();
      const listeners = new Map<string, number>();
      for (const [payer, rows] of m.listening) {
        const net = m.units.get(payer);
        if (net === undefined || net <= 0) continue;
        const { shares } = splitSubscriber(net, 3000, weightsFor('user-centric', rows));
        for (const s of shares) expected.set(s.creatorId, (expected.get(s.creatorId) ?? 0) + s.cents);
        for (const c of new Set(shares.map((s) => s.creatorId))) listeners.set(c, (listeners.get(c) ?? 0) + 1);
      }
      for (const [id, c] of out.creators) {
        if (c.subscriptionCents !== (expected.get(id) ?? 0) || c.subscribers !== (listeners.get(id) ?? 0))
          misses.push(`seed ${seed} ${id}`);
      }
      for (const [id, cents] of expected)
        if (out.creators.get(id)?.subscriptionCents !== cents) misses.push(`seed ${seed} ${id}`);
    }
    expect(misses.slice(0, 5)).toEqual([]);
  });

  it('always computes the pro-rata counterfactual, which is the pro-rata rule’s own result', () => {
    for (const seed of SEEDS.slice(0, 100)) {
      const m = randomMonth(seed);
      const uc = runMonth(m, 'user-centric');
      const pr = runMonth(m, 'pro-rata');
      for (const [id, c] of pr.creators) {
        expect(c.subscriptionCents).toBe(c.proRataCents);
        expect(uc.creators.get(id)?.proRataCents ?? 0).toBe(c.proRataCents);
      }
      const net = [...m.units.values()].reduce((a, b) => a + b, 0) + [...m.adCents.values()].reduce((a, b) => a + b, 0);
      const anyPlays = pr.creators.size > 0 && [...pr.creators.values()].some((c) => c.plays > 0);
      if (anyPlays && net > 0) expect(pr.creatorsCents).toBe(platformSplit(net, 3000).creators);
    }
  });

  it('reverses a refunded subscription’s share in the month of the refund, creator by creator', () => {
    const misses: string[] = [];
    for (const seed of SEEDS.slice(0, 150)) {
      const m = randomMonth(seed);
      for (const rule of EARNINGS_RULES) {
        const paid = runMonth(m, rule);
        // Refund (in full, next month) every payer who paid: each gives back what it gave.
        const next = new MonthRun({ rule, platformShareBps: 3000, units: new Map(), adCents: new Map() });
        let refunded = 0;
        for (const [payer, rows] of m.listening) {
          const net = m.units.get(payer);
          if (net === undefined || net <= 0) continue;
          const creatorsPart = platformSplit(net, 3000).creators;
          const refundNet = -(net + 59); // the processor's fee is not returned: the platform bears it
          refunded += refundNet;
          next.addReversal({
            paymentId: payer,
            netCents: refundNet,
            creatorsBaseCents: -creatorsPart,
            rule,
            listening: rows,
          });
        }
        const out = next.finish();
        if (out.subscriptionNetCents !== refunded || out.creatorsCents + out.platformCents !== refunded) {
          misses.push(`seed ${seed} ${rule} sum`);
        }
        if (out.entries.some((e) => e.kind !== 'reversal')) misses.push(`seed ${seed} ${rule} kind`);
        if (rule === 'pro-rata') continue; // pro-rata pooled the payment: its reversal follows the payer's plays
        for (const [id, c] of paid.creators) {
          if ((out.creators.get(id)?.reversalCents ?? 0) !== -c.subscriptionCents)
            misses.push(`seed ${seed} ${rule} ${id}`);
        }
      }
    }
    expect(misses.slice(0, 5)).toEqual([]);
  }, 60_000);

  it('reverses random refunds (in part or in full) in the refund’s month, beside that month’s own payers and ads', () => {
    const misses: string[] = [];
    let full = 0;
    let partial = 0;
    for (const seed of SEEDS.slice(0, 60)) {
      const paidMonth = randomMonth(seed);
      const r = rng(seed + 50_000);
      for (const rule of EARNINGS_RULES) {
        // The refund's month: another random month (its own payers, plays, ads, same-month refunds),
        // plus refunds of a random third of the month before's payers, some in part.
        const month = randomMonth(seed + 10_000);
        const run = new MonthRun({ rule, platformShareBps: 3000, units: month.units, adCents: month.adCents });
        for (const [payer, rows] of month.listening) run.addPayer(payer, rows);
        let reversalNet = 0;
        const refunds: { payer: string; full: boolean; base: number }[] = [];
        for (const [payer, rows] of paidMonth.listening) {
          const net = paidMonth.units.get(payer);
          if (net === undefined || net <= 0 || r() > 0.33) continue;
          const paidCents = net + 59; // the payment before the processor's fee
          const isFull = r() < 0.5;
          const refunded = isFull ? paidCents : 1 + Math.floor(r() * (paidCents - 1));
          const base = reversalBase(net, 3000, -refunded, paidCents);
          refunds.push({ payer, full: isFull, base });
          reversalNet -= refunded;
          run.addReversal({ paymentId: payer, netCents: -refunded, creatorsBaseCents: base, rule, listening: rows });
        }
        const out = run.finish();
        const units = [...month.units.values()].reduce((a, b) => a + b, 0);
        const ads = [...month.adCents.values()].reduce((a, b) => a + b, 0);
        if (
          out.subscriptionNetCents !== units + reversalNet ||
          out.creatorsCents + out.platformCents !== units + reversalNet + ads
        )
          misses.push(`seed ${seed} ${rule} sum`);
        for (const f of refunds) {
          const mine = out.entries.filter((e) => e.paymentId === f.payer);
          if (mine.some((e) => e.kind !== 'reversal')) misses.push(`seed ${seed} ${rule} ${f.payer} kind`);
          const took = mine.reduce((a, e) => a + e.cents, 0);
          // All of the base when the payer's listening weighed anything under the rule.
          const weighed = weightsFor(rule, paidMonth.listening.get(f.payer) ?? []).some((w) => w.weight > 0);
          if (took !== (weighed ? f.base : 0)) misses.push(`seed ${seed} ${rule} ${f.payer} base`);
          if (f.full) full++;
          else partial++;
          if (!f.full || rule === 'pro-rata') continue;
          // In full: each creator gives back exactly what this payment gave them.
          const net = paidMonth.units.get(f.payer) as number;
          const gave = splitSubscriber(net, 3000, weightsFor(rule, paidMonth.listening.get(f.payer) ?? [])).shares;
          for (const c of new Set(gave.map((s) => s.creatorId))) {
            const g = gave.filter((s) => s.creatorId === c).reduce((a, s) => a + s.cents, 0);
            const t = mine.filter((e) => e.creatorId === c).reduce((a, e) => a + e.cents, 0);
            if (t !== -g) misses.push(`seed ${seed} ${rule} ${f.payer} ${c}`);
          }
        }
      }
    }
    expect(misses.slice(0, 5)).toEqual([]);
    expect(full).toBeGreaterThan(25);
    expect(partial).toBeGreaterThan(25);
  }, 60_000);

  it('splits a Family member’s own payment by their own listening, counted once; its refund mirrors it (ADR 0077)', () => {
    const misses: string[] = [];
    let members = 0;
    for (const seed of SEEDS.slice(0, 80)) {
      const m = randomMonth(seed);
      const r = rng(seed + 90_000);
      // Every Family plan's first member who listened also paid for their own subscription this month.
      const own = new Map<string, PayerListening[]>();
      const units = new Map(m.units);
      for (const [payer, rows] of m.listening) {
        const member = rows.find((x) => x.listenerId?.startsWith(`${payer}-m`))?.listenerId;
        if (!member || (m.units.get(payer) ?? 0) <= 0) continue;
        own.set(
          member,
          rows.filter((x) => x.listenerId === member),
        );
        units.set(member, 1 + Math.floor(r() * 2_999));
      }
      members += own.size;
      for (const rule of EARNINGS_RULES) {
        const run = new MonthRun({ rule, platformShareBps: 3000, units, adCents: m.adCents });
        for (const [payer, rows] of m.listening) run.addPayer(payer, rows);
        for (const [member, rows] of own) run.addPayer(member, rows, { ownPayment: true });
        const out = run.finish();
        const plays = new Map<string, number>();
        for (const [payer, rows] of m.listening)
          if ((m.units.get(payer) ?? 0) > 0)
            for (const x of rows) plays.set(x.creatorId, (plays.get(x.creatorId) ?? 0) + x.plays);
        const unitsNet = [...units.values()].reduce((a, b) => a + b, 0);
        const ads = [...m.adCents.values()].reduce((a, b) => a + b, 0);
        if (out.creatorsCents + out.platformCents !== unitsNet + ads) misses.push(`seed ${seed} ${rule} sum`);
        // The plays analytics shows, once: the members' rows still count only under their plan.
        for (const [id, c] of out.creators)
          if (c.plays !== (plays.get(id) ?? 0)) misses.push(`seed ${seed} ${rule} ${id} plays`);
        // Each member's payment gave exactly its own split; a refund of it next month takes back that.
        for (const [member, rows] of own) {
          const net = units.get(member) as number;
          const expected = new Map<string, number>();
          for (const sh of splitSubscriber(net, 3000, rule === 'pro-rata' ? [] : weightsFor(rule, rows)).shares)
            expected.set(sh.creatorId, (expected.get(sh.creatorId) ?? 0) + sh.cents);
          const gave = run.givenBy(member);
          if (same(gave) !== same(expected)) misses.push(`seed ${seed} ${rule} ${member} gave`);
          const part = 1 + Math.floor(r() * (net + 58));
          for (const refunded of [net + 59, part]) {
            const base = reversalBase(net, 3000, -refunded, net + 59);
            const next = new MonthRun({ rule, platformShareBps: 3000, units: new Map(), adCents: new Map() });
            next.addReversal({
              paymentId: member,
              netCents: -refunded,
              creatorsBaseCents: base,
              rule,
              listening: rows,
            });
            const back = next.finish();
            if (back.creatorsCents + back.platformCents !== -refunded)
              misses.push(`seed ${seed} ${rule} ${member} refund sum`);
            const took = new Map<string, number>();
            for (const e of back.entries) took.set(e.creatorId, (took.get(e.creatorId) ?? 0) - e.cents);
            if (rule === 'pro-rata') continue; // pooled: the payment's share followed the month's plays
            // Nothing given, nothing taken back; only from creators the payment's listening weighted.
            if (gave.size === 0 && took.size > 0) misses.push(`seed ${seed} ${rule} ${member} took from nothing`);
            const weighted = new Set(
              weightsFor(rule, rows)
                .filter((w) => w.weight > 0)
                .map((w) => w.creatorId),
            );
            if ([...took.keys()].some((id) => !weighted.has(id)))
              misses.push(`seed ${seed} ${rule} ${member} stranger`);
            if (refunded === net + 59 && same(took) !== same(new Map([...gave].filter(([, c]) => c !== 0))))
              misses.push(`seed ${seed} ${rule} ${member} full`);
          }
        }
      }
    }
    expect(misses.slice(0, 5)).toEqual([]);
    expect(members).toBeGreaterThan(5);
  }, 60_000);

  it('keeps a refund of a month never allocated with the platform', () => {
    const run = new MonthRun({ rule: 'user-centric', platformShareBps: 3000, units: new Map(), adCents: new Map() });
    run.addReversal({ paymentId: 'p', netCents: -999, creatorsBaseCents: -640, rule: null, listening: [] });
    const out = run.finish();
    expect(out.entries).toEqual([]);
    expect(out.platformCents).toBe(-999);
  });

  it('hybrid: caps each listener of a Family plan on their own, 1,000 plays a month each', () => {
    const row = (listenerId: string, audioId: string, day: string, longPlays: number): PayerListening => ({
      listenerId,
      audioId,
      creatorId: `c-${audioId}`,
      day,
      plays: longPlays,
      longPlays,
      heardSeconds: longPlays * 60,
    });
    // The owner loops track a (1,500 long plays); a member hears b 400 times and c 800 times later.
    const w = weightsFor('hybrid', [
      row('owner', 'a', '2026-10-01', 1500),
      row('member', 'b', '2026-10-02', 400),
      row('member', 'c', '2026-10-03', 800),
    ]);
    expect(w).toEqual([
      { audioId: 'a', creatorId: 'c-a', weight: 1000 },
      { audioId: 'b', creatorId: 'c-b', weight: 400 },
      { audioId: 'c', creatorId: 'c-c', weight: 600 },
    ]);
    // One listener alone: one cap for everything.
    const alone = weightsFor('hybrid', [row('x', 'a', '2026-10-01', 700), row('x', 'b', '2026-10-02', 700)]);
    expect(alone.map((x) => x.weight)).toEqual([700, 300]);
  });
});
