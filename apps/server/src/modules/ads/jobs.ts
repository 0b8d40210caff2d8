import { defineJob, type ModuleJobs } from '../../jobs/define';
import { every, type Schedule } from '../../jobs/schedule';
import { adsService } from './service';

export const ADS_SWEEP_JOB = 'ads.sweep';
const SWEEP_EVERY_MS = 60 * 1000;

/**
 * Every minute: books advertisers' top-ups that billing recorded (each payment once) so balances
 * are current for serving, completes campaigns past their end date, and releases the reservations
 * of serves never heard (ADR 0040).
 */
export const adsJobs: ModuleJobs = (ctx) => [
  defineJob(ADS_SWEEP_JOB, async () => {
    const ads = adsService(ctx);
    await ads.bookAllTopUps();
    await ads.completeEnded();
    await ads.releaseLapsedReservations();
  }),
];

export const adsSchedules: Schedule[] = [every(ADS_SWEEP_JOB, 'ads sweep', SWEEP_EVERY_MS)];
