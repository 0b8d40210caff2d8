import { defineJob, type ModuleJobs } from '../../jobs/define';
import { every, type Schedule } from '../../jobs/schedule';
import { billing } from './index';
import { NO_PROVIDER } from './provider';
import { stripeFor } from './stripe/client';
import { stripeReconciliation } from './stripe/reconcile';
import { billingFollowupJobs } from './subscribers';
import { subscriptionsService } from './subscriptions';

export const SETTLE_JOB = 'billing.settle';
export const RECONCILE_JOB = 'billing.reconcile';
const SETTLE_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The reconciliation runs at this hour (UTC), when the fewest people pay or change plans. */
const RECONCILE_HOUR_UTC = 3;

/**
 * Ends trials, canceled periods and graces that are over, for accounts nobody looks at (an account
 * that is read settles itself first). Only local transitions here: an end that Stripe must know is
 * sent to it by the `plan.ended` subscriber (subscribers.ts).
 */
export const billingJobs: ModuleJobs = (ctx) => [
  defineJob(SETTLE_JOB, async () => {
    while ((await subscriptionsService(ctx, NO_PROVIDER).settle()) > 0) {
      // a batch at a time until none is due
    }
  }),
  // Nightly: our subscriptions against Stripe's, repaired or reported (stripe/reconcile.ts).
  defineJob(RECONCILE_JOB, async () => {
    const stripe = stripeFor(ctx);
    if (stripe) await stripeReconciliation(ctx, stripe, billing(ctx).subscriptions).run();
  }),
  ...billingFollowupJobs(ctx),
];

/** The next RECONCILE_HOUR_UTC o'clock after `now`. */
export function nextReconcileAt(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), RECONCILE_HOUR_UTC);
  return new Date(today > now.getTime() ? today : today + DAY_MS);
}

export const billingSchedules: Schedule[] = [
  every(SETTLE_JOB, 'billing sweep', SETTLE_EVERY_MS),
  {
    type: RECONCILE_JOB,
    name: 'billing reconciliation with Stripe',
    next: (now) => {
      const runAt = nextReconcileAt(now);
      return { runAt, payload: { at: runAt.toISOString() } };
    },
  },
];
