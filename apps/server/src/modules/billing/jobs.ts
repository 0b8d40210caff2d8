import { defineJob, type ModuleJobs } from '../../jobs/define';
import { every, type Schedule } from '../../jobs/schedule';
import { NO_PROVIDER } from './provider';
import { billingFollowupJobs } from './subscribers';
import { subscriptionsService } from './subscriptions';

export const SETTLE_JOB = 'billing.settle';
const SETTLE_EVERY_MS = 60 * 60 * 1000;

/**
 * Ends trials, canceled periods and graces that are over, for accounts nobody looks at (an account
 * that is read settles itself first). Only local transitions: the provider is not called.
 */
export const billingJobs: ModuleJobs = (ctx) => [
  defineJob(SETTLE_JOB, async () => {
    while ((await subscriptionsService(ctx, NO_PROVIDER).settle()) > 0) {
      // a batch at a time until none is due
    }
  }),
  ...billingFollowupJobs(ctx),
];

export const billingSchedules: Schedule[] = [every(SETTLE_JOB, 'billing sweep', SETTLE_EVERY_MS)];
