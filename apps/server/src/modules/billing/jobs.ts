import { TRIAL_REMINDER_DAYS } from '@wavecast/shared';
import type { AppContext } from '../../context';
import { defineJob, type ModuleJobs } from '../../jobs/define';
import { every, type Schedule } from '../../jobs/schedule';
import { trialEndingNotice } from './notices';
import { NO_PROVIDER } from './provider';
import * as repo from './repo';
import { billingFollowupJobs } from './subscribers';
import { subscriptionsService } from './subscriptions';

export const SETTLE_JOB = 'billing.settle';
const SETTLE_EVERY_MS = 60 * 60 * 1000;
export const TRIAL_REMINDERS_JOB = 'billing.trial-reminders';
const DAY_MS = 86_400_000;

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
 * that is read settles itself first). Only local transitions: the provider is not called.
 */
export const billingJobs: ModuleJobs = (ctx) => [
  defineJob(SETTLE_JOB, async () => {
    while ((await subscriptionsService(ctx, NO_PROVIDER).settle()) > 0) {
      // a batch at a time until none is due
    }
  }),
  defineJob(TRIAL_REMINDERS_JOB, async () => {
    await remindEndingTrials(ctx);
  }),
  ...billingFollowupJobs(ctx),
];

export const billingSchedules: Schedule[] = [
  every(SETTLE_JOB, 'billing sweep', SETTLE_EVERY_MS),
  every(TRIAL_REMINDERS_JOB, 'trial reminders', DAY_MS),
];
