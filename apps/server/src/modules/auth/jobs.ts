import { defineJob, type ModuleJobs } from '../../jobs/define';
import { MAIL_JOB } from './mail';

/** `mail.send`: delivers one mail (SMTP or the outbox); retried by the queue when the relay fails. */
export const mailJobs: ModuleJobs = (ctx) => [
  defineJob(MAIL_JOB, async (mail) => {
    await ctx.mail.send({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      secrets: mail.secrets,
    });
  }),
];
