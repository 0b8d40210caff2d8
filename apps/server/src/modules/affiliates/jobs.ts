import type { AppContext } from '../../context';
import { defineJob, type ModuleJobs } from '../../jobs/define';
import { affiliatesService } from './service';

export const SWEEP_JOB = 'affiliates.sweep';
export const DAILY_JOB = 'affiliates.daily';
const SWEEP_EVERY_MS = 5 * 60 * 1000;
const DAILY_EVERY_MS = 24 * 60 * 60 * 1000;

/** Queues the next commission sweep (one, however many processes ask). */
export async function ensureSweepScheduled(ctx: AppContext, runAt = new Date(Date.now() + SWEEP_EVERY_MS)) {
  await ctx.jobs.enqueueUnlessWaiting(SWEEP_JOB, { at: runAt.toISOString() }, { runAt });
}

/** Queues the next daily run (tiers, then payouts). */
export async function ensureDailyScheduled(ctx: AppContext, runAt = new Date(Date.now() + DAILY_EVERY_MS)) {
  await ctx.jobs.enqueueUnlessWaiting(DAILY_JOB, { at: runAt.toISOString() }, { runAt });
}

/**
 * The sweep books commissions from billing's payments ledger every few minutes (the dashboard also
 * books its own first); the daily run books, recomputes the tiers, then creates the payouts due.
 */
export const affiliateJobs: ModuleJobs = (ctx) => [
  defineJob(SWEEP_JOB, async () => {
    await ensureSweepScheduled(ctx);
    await affiliatesService(ctx).bookCommissions();
  }),
  defineJob(DAILY_JOB, async () => {
    await ensureDailyScheduled(ctx);
    const s = affiliatesService(ctx);
    await s.bookCommissions();
    await s.recomputeTiers();
    await s.runPayouts();
  }),
];
