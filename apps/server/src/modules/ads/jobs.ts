import type { AppContext } from '../../context';
import { defineJob, type ModuleJobs } from '../../jobs/define';
import { adsService } from './service';

export const ADS_SWEEP_JOB = 'ads.sweep';
const SWEEP_EVERY_MS = 60 * 1000;

/** Queues the next sweep (one, however many processes ask). */
export async function ensureAdsSweepScheduled(ctx: AppContext, runAt = new Date(Date.now() + SWEEP_EVERY_MS)) {
  await ctx.jobs.enqueueUnlessWaiting(ADS_SWEEP_JOB, { at: runAt.toISOString() }, { runAt });
}

/**
 * Every minute: books advertisers' top-ups that billing recorded (each payment once) so balances
 * are current for serving, and completes campaigns past their end date.
 */
export const adsJobs: ModuleJobs = (ctx) => [
  defineJob(ADS_SWEEP_JOB, async () => {
    await ensureAdsSweepScheduled(ctx);
    const ads = adsService(ctx);
    await ads.bookAllTopUps();
    await ads.completeEnded();
  }),
];
