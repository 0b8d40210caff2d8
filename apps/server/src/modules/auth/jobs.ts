import type { AppContext } from '../../context';
import type { Mail } from '../../mail/mailer';
import { MAIL_JOB } from './mail';

/** `mail.send`: delivers one mail (SMTP or the outbox); retried by the queue when the relay fails. */
export function registerMailJob(ctx: AppContext): void {
  ctx.jobs.register(MAIL_JOB, async (payload) => {
    const mail = payload as unknown as Mail;
    await ctx.mail.send({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      secrets: mail.secrets,
    });
  });
}
