import { SYNC } from '@wavecast/shared';
import { describe, expect, it } from 'vitest';
import { runSimulation } from './harness';

describe('listening room simulation: 200 members, RTT 20–300 ms, ±100 ms jitter, 2 % loss, ±200 ppm', () => {
  it('holds the figures of issue 39', { timeout: 300_000 }, async () => {
    const f = await runSimulation();
    console.info('room sync simulation', JSON.stringify(f));
    expect(f.samples).toBeGreaterThan(100);
    expect(f.skewP95).toBeLessThanOrEqual(30);
    expect(f.skewP99).toBeLessThanOrEqual(60);
    // Late joiners: a muted pre-roll, heard only once in step, and never heard more than 30 ms
    // off; heard within ±30 ms in 2 s: all 10 on this seed (0.8–1.6 s with the page's HTTP clock
    // samples, schedule and clock requests; 1.15–1.6 s before them). Not on this count: 8 in 1,000
    // over seeds 1–100, 1 over 101–200 (the clock started by the join: no real path; ADR 0057).
    expect(f.lateJoinSettleMs.length).toBe(10);
    for (const settle of f.lateJoinSettleMs) expect(settle).toBeGreaterThanOrEqual(0);
    for (const settle of f.lateJoinSettleMs) expect(settle).toBeLessThanOrEqual(2_000);
    expect(f.lateJoinWorstHeardMs).toBeLessThanOrEqual(30);
    expect(f.resyncs).toBe(0);
    expect(f.maxCorrection).toBeLessThanOrEqual(SYNC.maxRateCorrection + 1e-9);
    // A dead member holds a wait for at most stallDropMs, and none after it was dropped.
    expect(f.firstStartWaitMs).toBeLessThanOrEqual(SYNC.startLeadMs + 1_500);
    expect(f.seekWithDeadWaitMs).toBeLessThanOrEqual(SYNC.stallDropMs + SYNC.startLeadMs + 100);
    expect(f.resumeAfterDropWaitMs).toBeLessThanOrEqual(SYNC.startLeadMs + 1_500);
    expect(f.stalledReadmitted).toBe(true);
  });
});
