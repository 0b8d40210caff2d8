import { defineJob, type ModuleJobs } from '../../jobs/define';
import { every, type Schedule } from '../../jobs/schedule';
import { adsService } from './service';

export const ADS_SWEEP_JOB = 'ads.sweep';
const SWEEP_EVERY_MS = 60 * 1000;

/**
 * Every minute: books advertisers' top-ups that billing recorded (each payment once) so balances
 * are current for serving, and completes campaigns past their end date.
 */
export const adsJobs: ModuleJobs = (ctx) => [
  defineJob(ADS_SWEEP_JOB, async () => {
    const ads = adsService(ctx);
    await ads.bookAllTopUps();
    await ads.completeEnded();
  }),
];

export const adsSchedules: Schedule[] = [every(ADS_SWEEP_JOB, 'ads sweep', SWEEP_EVERY_MS)];
