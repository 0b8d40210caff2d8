import { EARNINGS_RULES, type EarningsRule } from '@wavecast/shared';
import { describe, expect, it } from 'vitest';
import { platformSplit, splitSubscriber } from './allocate';
import { MonthRun, type PayerListening, weightsFor } from './month-run';

// Property tests over random months from a seeded generator (no fast-check in the tree): each seed
// is a month of subscribers (some with fees beyond their payment), plays, ads and refunds.

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
    const n = r() < 0.15 ? 0 : int(1, 12);
    for (let k = 0; k < n; k++) {
      const t = tracks[int(0, tracks.length - 1)] as (typeof tracks)[number];
      const plays = int(1, 400);
      rows.push({
        ...t,
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
