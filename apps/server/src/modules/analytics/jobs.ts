import type { AppContext } from '../../context';
import { defineJob, type ModuleJobs } from '../../jobs/define';
import { analyticsService } from './service';

export const ROLLUP_JOB = 'analytics.rollup';
const ROLLUP_EVERY_MS = 60 * 60 * 1000;

/** Queues the next hourly rollup (one, however many processes ask). */
export async function ensureRollupScheduled(ctx: AppContext, runAt = new Date(Date.now() + ROLLUP_EVERY_MS)) {
  await ctx.jobs.enqueueUnlessWaiting(ROLLUP_JOB, { at: runAt.toISOString() }, { runAt });
}

/** Hourly: raw listening → per-track per-day rows; raw rows past the retention deleted. */
export const analyticsJobs: ModuleJobs = (ctx) => [
  defineJob(ROLLUP_JOB, async () => {
    await ensureRollupScheduled(ctx);
    await analyticsService(ctx).rollup();
  }),
];
