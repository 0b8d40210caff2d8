import { defineJob, type ModuleJobs } from '../../jobs/define';
import { every, type Schedule } from '../../jobs/schedule';
import { copyrightService } from './copyright';

export const COPYRIGHT_RESTORE_JOB = 'moderation.copyright-restore';
const EVERY_MS = 60 * 60 * 1000;

/** Restores tracks whose counter-notice period is over (on the app clock). */
export const moderationJobs: ModuleJobs = (ctx) => [
  defineJob(COPYRIGHT_RESTORE_JOB, async () => {
    while ((await copyrightService(ctx).restoreDue()) > 0) {
      // a batch at a time until none is due
    }
  }),
];

export const moderationSchedules: Schedule[] = [every(COPYRIGHT_RESTORE_JOB, 'copyright sweep', EVERY_MS)];
