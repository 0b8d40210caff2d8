import { TRIAL_REMINDER_DAYS } from '@wavecast/shared';
import type { AppContext } from '../../context';
import { defineJob, type ModuleJobs } from '../../jobs/define';
import { every, type Schedule } from '../../jobs/schedule';
import { billing } from './index';
import { trialEndingNotice } from './notices';
import { NO_PROVIDER } from './provider';
import * as repo from './repo';
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
export const TRIAL_REMINDERS_JOB = 'billing.trial-reminders';

/**
 * Records a "trial ends in 3 days" notice for every trial ending within TRIAL_REMINDER_DAYS of the
 * clock's now. A trial is in that window on up to three daily runs (or a run is repeated): the
 * notice's key (the subscription) makes the notifications module send it once. Returns how many
 * trials were in the window.
 */
export async function remindEndingTrials(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const until = new Date(now.getTime() + TRIAL_REMINDER_DAYS * DAY_MS);
  const due = await repo.trialsEndingBetween(ctx.database.db, now, until);
  for (const sub of due) {
    if (!sub.trialEndsAt) continue;
    const notice = trialEndingNotice(
      { ...sub, trialEndsAt: sub.trialEndsAt, hasCard: sub.source === 'stripe' },
      ctx.config.PUBLIC_URL,
    );
    await ctx.events.record(ctx.database.db, 'billing.notice', notice);
  }
  if (due.length > 0) await ctx.events.deliverNow();
  return due.length;
}

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
  defineJob(TRIAL_REMINDERS_JOB, async () => {
    await remindEndingTrials(ctx);
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
  every(TRIAL_REMINDERS_JOB, 'trial reminders', DAY_MS),
  {
    type: RECONCILE_JOB,
    name: 'billing reconciliation with Stripe',
    next: (now) => {
      const runAt = nextReconcileAt(now);
      return { runAt, payload: { at: runAt.toISOString() } };
    },
  },
];
