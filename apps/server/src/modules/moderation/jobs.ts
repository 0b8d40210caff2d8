import type { AppContext } from '../../context';
import { defineJob, type ModuleJobs } from '../../jobs/define';
import { copyrightService } from './copyright';

export const COPYRIGHT_RESTORE_JOB = 'moderation.copyright-restore';
const EVERY_MS = 60 * 60 * 1000;

/** Queues the next hourly copyright sweep (one, however many processes ask). */
export async function ensureCopyrightSweepScheduled(ctx: AppContext, runAt = new Date(Date.now() + EVERY_MS)) {
  await ctx.jobs.enqueueUnlessWaiting(COPYRIGHT_RESTORE_JOB, { at: runAt.toISOString() }, { runAt });
}

/** Restores tracks whose counter-notice period is over (on the app clock). */
export const moderationJobs: ModuleJobs = (ctx) => [
  defineJob(COPYRIGHT_RESTORE_JOB, async () => {
    await ensureCopyrightSweepScheduled(ctx);
    while ((await copyrightService(ctx).restoreDue()) > 0) {
      // a batch at a time until none is due
    }
  }),
];
