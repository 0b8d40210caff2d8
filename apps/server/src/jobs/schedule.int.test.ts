import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const queued = (type: string) =>
  t.ctx.database.query<{ run_at: Date }>(`SELECT run_at FROM jobs WHERE type = $1 AND status = 'queued'`, [type]);

describe('the scheduler', () => {
  it('keeps exactly one future run of every recurring job queued, and queues the next as a run begins', async () => {
    // The app queued one of each at start; asking again adds none.
    for (const type of ['billing.settle', 'ads.sweep', 'analytics.rollup', 'notifications.weekly-digest']) {
      expect(await queued(type), type).toHaveLength(1);
    }
    // The billing reconciliation: the next 03:00 UTC.
    const [reconcile] = await queued('billing.reconcile');
    const at = new Date(reconcile.run_at);
    expect([at.getUTCHours(), at.getUTCMinutes()]).toEqual([3, 0]);
    expect(at.getTime() - Date.now()).toBeGreaterThan(0);
    expect(at.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    // A run that begins (claimed now) queues the next one, an hour ahead for the billing sweep.
    await t.ctx.database.query(`UPDATE jobs SET run_at = now() WHERE type = 'billing.settle' AND status = 'queued'`);
    const before = Date.now();
    expect(await t.ctx.jobs.runOnce()).toBe(true);
    const next = await queued('billing.settle');
    expect(next).toHaveLength(1);
    const inMs = new Date(next[0].run_at).getTime() - before;
    expect(inMs).toBeGreaterThan(59 * 60_000);
    expect(inMs).toBeLessThan(61 * 60_000);
  });
});
