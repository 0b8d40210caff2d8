import { defineJob, type ModuleJobs } from '../../jobs/define';
import { every, type Schedule } from '../../jobs/schedule';
import { earningsService } from './service';

export const CLOSE_JOB = 'earnings.close';
const CLOSE_EVERY_MS = 60 * 60 * 1000;

/**
 * Hourly: folds each finished day's listening (before analytics prunes the raw sessions) and
 * closes every ended month not closed yet; both idempotent, so a run twice writes nothing new.
 */
export const earningsJobs: ModuleJobs = (ctx) => [
  defineJob(CLOSE_JOB, async () => {
    const s = earningsService(ctx);
    await s.foldListening();
    await s.closeDueMonths();
  }),
];

export const earningsSchedules: Schedule[] = [every(CLOSE_JOB, 'earnings fold and month close', CLOSE_EVERY_MS)];
