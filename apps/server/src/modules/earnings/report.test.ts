import { describe, expect, it } from 'vitest';
import { distributionOf, gini, topShare } from './report';

describe('distribution figures', () => {
  it('gini: 0 for equal, (n-1)/n when one takes all', () => {
    expect(gini([5, 5, 5, 5])).toBe(0);
    expect(gini([0, 0, 0, 100])).toBeCloseTo(0.75);
    expect(gini([1, 2, 3, 4])).toBeCloseTo(0.25);
    expect(gini([])).toBe(0);
  });
  it('top 1 %: at least one creator', () => {
    expect(topShare([10, 30, 60])).toBeCloseTo(0.6);
    const many = Array.from({ length: 200 }, (_, i) => (i < 2 ? 1000 : 10));
    expect(topShare(many)).toBeCloseTo(2000 / (2000 + 1980));
  });
  it('counts creators better and worse off than pro-rata', () => {
    const r = distributionOf('2026-10', 'user-centric', [
      { earnedCents: 100, allocatedCents: 100, proRataCents: 50 },
      { earnedCents: 40, allocatedCents: 50, proRataCents: 90 },
      { earnedCents: 10, allocatedCents: 10, proRataCents: 10 },
      { earnedCents: 0, allocatedCents: 0, proRataCents: 0 },
    ]);
    expect(r.creators).toBe(4);
    expect(r.totalCents).toBe(150);
    expect(r.betterOffShare).toBe(0.25);
    expect(r.worseOffShare).toBe(0.25);
  });
});
