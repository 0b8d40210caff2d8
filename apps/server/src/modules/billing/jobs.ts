import type { AppContext } from '../../context';
import { defineJob, type ModuleJobs } from '../../jobs/define';
import { NO_PROVIDER } from './provider';
import { subscriptionsService } from './subscriptions';

export const SETTLE_JOB = 'billing.settle';
const SETTLE_EVERY_MS = 60 * 60 * 1000;

/** Queues the next hourly sweep (one, however many processes ask). */
export async function ensureSettleScheduled(ctx: AppContext, runAt = new Date(Date.now() + SETTLE_EVERY_MS)) {
  await ctx.jobs.enqueueUnlessWaiting(SETTLE_JOB, { at: runAt.toISOString() }, { runAt });
}

/**
 * Ends trials, canceled periods and graces that are over, for accounts nobody looks at (an account
 * that is read settles itself first). Only local transitions: the provider is not called.
 */
export const billingJobs: ModuleJobs = (ctx) => [
  defineJob(SETTLE_JOB, async () => {
    await ensureSettleScheduled(ctx);
    while ((await subscriptionsService(ctx, NO_PROVIDER).settle()) > 0) {
      // a batch at a time until none is due
    }
  }),
];
