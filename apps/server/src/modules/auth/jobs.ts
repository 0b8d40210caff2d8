import { defineJob, type ModuleJobs } from '../../jobs/define';
import { every, type Schedule } from '../../jobs/schedule';
import { ACCOUNT_LIMITS } from '../../lib/rate-limits';
import { MAIL_JOB } from './mail';
import { deleteQuietAttempts } from './password-attempts-repo';

const ATTEMPTS_PRUNE_JOB = 'auth.attempts-prune';
const HOUR_MS = 60 * 60 * 1000;
/** A count older than every limit's window and longest wait starts over anyway: it can go. */
const QUIET_MS = Math.max(...Object.values(ACCOUNT_LIMITS).flatMap((l) => [l.windowMs, l.maxDelayMs]));

export const authJobs: ModuleJobs = (ctx) => [
  /** `mail.send`: delivers one mail (SMTP or the outbox); retried by the queue when the relay fails. */
  defineJob(MAIL_JOB, async (mail) => {
    await ctx.mail.send({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      secrets: mail.secrets,
    });
  }),
  /**
   * Hourly: password-attempt counts, one row per address typed at sign-in (an attacker's made-up
   * addresses too), are kept only while they still limit anything.
   */
  defineJob(ATTEMPTS_PRUNE_JOB, async () => {
    await deleteQuietAttempts(ctx.database.db, new Date(ctx.clock.now().getTime() - QUIET_MS));
  }),
];

export const authSchedules: Schedule[] = [every(ATTEMPTS_PRUNE_JOB, 'password attempts prune', HOUR_MS)];
