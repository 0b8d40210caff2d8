import { defineJob, type ModuleJobs } from '../../jobs/define';
import { DIGEST_JOB, sendWeeklyDigest } from './digest';
import { EMAIL_JOB, notificationService } from './service';

/** The email copy of a notification, and the weekly digest (scheduled by `digestSchedules`). */
export const notificationJobs: ModuleJobs = (ctx) => {
  const service = notificationService(ctx);
  return [
    defineJob(EMAIL_JOB, async (p) => service.sendEmail(String(p.notificationId))),
    defineJob(DIGEST_JOB, async (p) => {
      const now = new Date();
      await sendWeeklyDigest(ctx, typeof p.week === 'string' ? p.week : now.toISOString().slice(0, 10), now);
    }),
  ];
};
