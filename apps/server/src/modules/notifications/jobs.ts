import type { AppContext } from '../../context';
import { DIGEST_JOB, ensureDigestScheduled, nextDigestTime, sendWeeklyDigest } from './digest';
import { EMAIL_JOB, notificationService } from './service';

/** The email copy of a notification, and the weekly digest that queues its own next run. */
export function registerNotificationJobs(ctx: AppContext): void {
  const service = notificationService(ctx);
  ctx.jobs.register(EMAIL_JOB, async (p) => service.sendEmail(String(p.notificationId)));
  ctx.jobs.register(DIGEST_JOB, async (p) => {
    const now = new Date();
    await ensureDigestScheduled(ctx, nextDigestTime(now));
    await sendWeeklyDigest(ctx, typeof p.week === 'string' ? p.week : now.toISOString().slice(0, 10), now);
  });
}
