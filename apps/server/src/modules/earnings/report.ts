import type { EarningsRule } from '@wavecast/shared';
import type { DistributionReport } from './types';

/**
 * Gini coefficient of non-negative amounts: mean absolute difference over twice the mean, from the
 * sorted values (0: all equal; → 1: one takes all). Empty or all zero: 0.
 */
export function gini(values: readonly number[]): number {
  const xs = values.map((v) => Math.max(0, v)).sort((a, b) => a - b);
  const n = xs.length;
  const total = xs.reduce((a, x) => a + x, 0);
  if (n === 0 || total === 0) return 0;
  let weighted = 0;
  xs.forEach((x, i) => {
    weighted += (2 * (i + 1) - n - 1) * x;
  });
  return weighted / (n * total);
}

/** The top 1 % of creators' share of the total (at least one creator). */
export function topShare(values: readonly number[], fraction = 0.01): number {
  const xs = values.map((v) => Math.max(0, v)).sort((a, b) => b - a);
  const total = xs.reduce((a, x) => a + x, 0);
  if (total === 0) return 0;
  const k = Math.max(1, Math.ceil(xs.length * fraction));
  return xs.slice(0, k).reduce((a, x) => a + x, 0) / total;
}

export function distributionOf(
  month: string,
  rule: EarningsRule,
  creators: readonly { earnedCents: number; allocatedCents: number; proRataCents: number }[],
): DistributionReport {
  const earned = creators.map((c) => c.earnedCents);
  const n = creators.length;
  // The month's own allocation against its counterfactual (reversals of earlier months aside).
  const better = creators.filter((c) => c.allocatedCents > c.proRataCents).length;
  const worse = creators.filter((c) => c.allocatedCents < c.proRataCents).length;
  return {
    month,
    rule,
    creators: n,
    totalCents: earned.reduce((a, x) => a + x, 0),
    gini: gini(earned),
    top1PctShare: topShare(earned),
    betterOffShare: n === 0 ? 0 : better / n,
    worseOffShare: n === 0 ? 0 : worse / n,
  };
}
