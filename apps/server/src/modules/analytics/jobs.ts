import { defineJob, type ModuleJobs } from '../../jobs/define';
import { every, type Schedule } from '../../jobs/schedule';
import { analyticsService } from './service';

export const ROLLUP_JOB = 'analytics.rollup';
const ROLLUP_EVERY_MS = 60 * 60 * 1000;

/** Hourly: raw listening → per-track per-day rows; raw rows past the retention deleted. */
export const analyticsJobs: ModuleJobs = (ctx) => [
  defineJob(ROLLUP_JOB, async () => {
    await analyticsService(ctx).rollup();
  }),
];

export const analyticsSchedules: Schedule[] = [every(ROLLUP_JOB, 'analytics rollup', ROLLUP_EVERY_MS)];
