import { describe, expect, it } from 'vitest';
import { runSimulation } from './harness';

/**
 * The same room on other seeds (other links, clocks, losses), up to the late joiners (40 s of
 * simulated time each). The skew figures hold on every seed. Late joiners: the "±30 ms in
 * ≤ 2 s" is not met for every joiner (ADR 0057): a 300 ms-RTT joiner with ±100 ms one-way jitter
 * has about 20 clock samples by its first start, whose offset can be 30–45 ms off (the fastest
 * round trips are still asymmetric), and the ±0.5 % rate then takes seconds. What holds, asserted
 * so a regression fails: nine in ten within 2 s on each seed, every one within 6 s and never further than 50 ms
 * from 2 s on.
 */
const SEEDS = [7, 11, 12, 13, 1];

describe('listening room simulation on other seeds', () => {
  it.each(SEEDS)('seed %i: skew and late joiners', { timeout: 120_000 }, async (seed) => {
    const f = await runSimulation({ seed, endMs: 40_000 });
    console.info(`room sync simulation seed ${seed}`, JSON.stringify(f));
    expect(f.skewP95).toBeLessThanOrEqual(30);
    expect(f.skewP99).toBeLessThanOrEqual(60);
    expect(f.resyncs).toBe(0);
    expect(f.lateJoinSettleMs.length).toBe(10);
    for (const settle of f.lateJoinSettleMs) expect(settle).toBeGreaterThanOrEqual(0);
    for (const settle of f.lateJoinSettleMs) expect(settle).toBeLessThanOrEqual(6_000);
    expect(f.lateJoinSettleMs.filter((settle) => settle <= 2_000).length).toBeGreaterThanOrEqual(9);
    expect(f.lateJoinWorstAfter2sMs).toBeLessThanOrEqual(50);
  });
});
