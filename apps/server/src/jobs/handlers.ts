import type { AppContext } from '../context';
import { registerMailJob } from '../modules/auth/jobs';
import { registerNotificationJobs } from '../modules/notifications/jobs';
import { registerSupportJobs } from '../modules/support/mail';
import { registerTrackJobs } from '../modules/tracks/jobs';

/** Registers every job type's handler. Domains add theirs here. */
export function registerJobHandlers(ctx: AppContext): void {
  registerMailJob(ctx);
  registerSupportJobs(ctx);
  registerTrackJobs(ctx);
  registerNotificationJobs(ctx);
}
