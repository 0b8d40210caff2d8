import { defineJob, type ModuleJobs } from '../../jobs/define';
import { every, type Schedule } from '../../jobs/schedule';
import { affiliatesService } from './service';

export const SWEEP_JOB = 'affiliates.sweep';
export const DAILY_JOB = 'affiliates.daily';
const SWEEP_EVERY_MS = 5 * 60 * 1000;
const DAILY_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * The sweep books commissions from billing's payments ledger every few minutes (the dashboard also
 * books its own first); the daily run books and recomputes the tiers. Payouts are requested by the
 * affiliate, not created here (ADR 0039).
 */
export const affiliateJobs: ModuleJobs = (ctx) => [
  defineJob(SWEEP_JOB, async () => {
    await affiliatesService(ctx).bookCommissions();
  }),
  defineJob(DAILY_JOB, async () => {
    const s = affiliatesService(ctx);
    await s.bookCommissions();
    await s.recomputeTiers();
  }),
];

export const affiliateSchedules: Schedule[] = [
  every(SWEEP_JOB, 'affiliate commissions sweep', SWEEP_EVERY_MS),
  every(DAILY_JOB, 'affiliate tiers and payouts', DAILY_EVERY_MS),
];
