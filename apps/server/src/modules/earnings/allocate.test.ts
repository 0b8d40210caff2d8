import { describe, expect, it } from 'vitest';
import { adCentsByCreator, hybridWeights, largestRemainder, platformSplit, splitSubscriber } from './allocate';

describe('largestRemainder', () => {
  it('gives the floors, then the left-over cents to the largest remainders', () => {
    expect(largestRemainder(100, [1, 1, 1]).parts).toEqual([34, 33, 33]);
    expect(largestRemainder(10, [5, 3, 2]).parts).toEqual([5, 3, 2]);
    expect(largestRemainder(7, [1, 2]).parts).toEqual([2, 5]); // 2.33 / 4.67: the larger remainder wins
  });
  it('mirrors a negative total exactly', () => {
    const pos = largestRemainder(1001, [3, 7, 11]).parts;
    const neg = largestRemainder(-1001, [3, 7, 11]).parts;
    expect(neg).toEqual(pos.map((p) => -p));
  });
  it('leaves the total unallocated when nothing weighs', () => {
    expect(largestRemainder(50, [0, 0])).toEqual({ parts: [0, 0], unallocated: 50 });
    expect(largestRemainder(50, [])).toEqual({ parts: [], unallocated: 50 });
  });
  it('stays exact past 2^53 in the products', () => {
    const { parts } = largestRemainder(9_000_000_000_000, [4_000_000, 3_000_001, 2_999_999]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(9_000_000_000_000);
  });
  it('gives the same parts on the fast path as exact BigInt arithmetic', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed;
    };
    for (let k = 0; k < 2000; k++) {
      const total = next() % 2_000_000;
      const weights = Array.from({ length: 1 + (next() % 6) }, () => next() % 3_000_000_000);
      const sum = weights.reduce((a, b) => a + b, 0);
      const { parts } = largestRemainder(total, weights);
      weights.forEach((w, i) => {
        const floor = sum === 0 ? 0 : Number((BigInt(total) * BigInt(w)) / BigInt(sum));
        expect((parts[i] ?? 0) - floor === 0 || (parts[i] ?? 0) - floor === 1).toBe(true);
      });
      expect(parts.reduce((a, b) => a + b, 0)).toBe(sum === 0 ? 0 : total);
    }
  });
  it('refuses non-integers', () => {
    expect(() => largestRemainder(1.5, [1])).toThrow(RangeError);
    expect(() => largestRemainder(10, [0.5])).toThrow(RangeError);
  });
});

describe('platformSplit', () => {
  it('takes the configured share, the rest to creators, to the cent', () => {
    expect(platformSplit(999, 3000)).toEqual({ platform: 300, creators: 699 });
    expect(platformSplit(1, 3000)).toEqual({ platform: 0, creators: 1 });
  });
  it('leaves a net at or below zero to the platform', () => {
    expect(platformSplit(-59, 3000)).toEqual({ platform: -59, creators: 0 });
  });
});

describe('splitSubscriber', () => {
  it('splits one subscriber by their own listening', () => {
    const r = splitSubscriber(1000, 3000, [
      { audioId: 'a', creatorId: 'x', weight: 600 },
      { audioId: 'b', creatorId: 'y', weight: 300 },
    ]);
    expect(r.platform).toBe(300);
    expect(r.shares).toEqual([
      { audioId: 'a', creatorId: 'x', cents: 467 },
      { audioId: 'b', creatorId: 'y', cents: 233 },
    ]);
  });
  it('keeps the creators part with the platform when the subscriber listened to nothing', () => {
    expect(splitSubscriber(1000, 3000, [])).toEqual({ platform: 300, unallocated: 700, shares: [] });
  });
});

describe('adCentsByCreator', () => {
  it('floors the month to cents and splits it by micro-dollars', () => {
    const { cents, totalCents } = adCentsByCreator(
      new Map([
        ['x', 12_345],
        ['y', 7_655],
        ['z', 5_000],
      ]),
    );
    expect(totalCents).toBe(2);
    expect([...cents.values()].reduce((a, b) => a + b, 0)).toBe(2);
    expect(cents.get('x')).toBe(1);
  });
});

describe('hybridWeights', () => {
  const day = (d: number, audioId: string, longPlays: number) => ({
    day: `2026-10-${String(d).padStart(2, '0')}`,
    audioId,
    creatorId: audioId.toUpperCase(),
    longPlays,
  });
  it('counts every long play under the cap', () => {
    expect(hybridWeights([day(1, 'a', 3), day(2, 'b', 1)], 1000)).toEqual([
      { audioId: 'a', creatorId: 'A', weight: 3 },
      { audioId: 'b', creatorId: 'B', weight: 1 },
    ]);
  });
  it('stops at the cap in day order: a track looped late earns only what is left', () => {
    // 600 plays of a on day 1, then 900 of b and 100 of c on day 2: 400 of the cap left for day 2.
    const w = hybridWeights([day(1, 'a', 600), day(2, 'b', 900), day(2, 'c', 100), day(3, 'd', 50)], 1000);
    const total = w.reduce((s, x) => s + x.weight, 0);
    const share = Object.fromEntries(w.map((x) => [x.audioId, x.weight / total]));
    expect(share.a).toBeCloseTo(0.6);
    expect(share.b).toBeCloseTo(0.36);
    expect(share.c).toBeCloseTo(0.04);
    expect(share.d).toBeUndefined();
  });
});
