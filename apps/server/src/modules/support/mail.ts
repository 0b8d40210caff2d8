import {
  APP_NAME,
  CONTACT_CATEGORY_LABELS,
  type ContactCategory,
  type JobPayloads,
  SUPPORT_RESPONSE_TIMES,
} from '@wavecast/shared';
import type { AppContext } from '../../context';
import { defineJob, type ModuleJobs } from '../../jobs/define';
import type { Mail } from '../../mail/mailer';
import { type ContactMessageRow, findContactMessage } from './repo';

export const CONTACT_MAIL_JOB = 'support.contact-mail';
export type ContactMailKind = JobPayloads[typeof CONTACT_MAIL_JOB]['kind'];

const label = (category: string) => CONTACT_CATEGORY_LABELS[category as ContactCategory] ?? category;

/** The copy the sender receives. */
export function confirmationMail(m: ContactMessageRow): Mail {
  return {
    to: m.email,
    subject: `We received your message: ${m.subject}`,
    text: [
      `Hi ${m.name},`,
      '',
      `Thanks for contacting ${APP_NAME} support. We will reply to this address ${SUPPORT_RESPONSE_TIMES.email.toLowerCase()}.`,
      '',
      'A copy of your message:',
      `Category: ${label(m.category)}`,
      `Subject: ${m.subject}`,
      '',
      m.message,
      '',
      `Reference: ${m.id}`,
    ].join('\n'),
  };
}

/** The notification the support inbox receives. */
export function notificationMail(m: ContactMessageRow, opts: { to: string; publicUrl: string }): Mail {
  return {
    to: opts.to,
    subject: `[${m.priority ? 'Priority · ' : ''}Contact · ${label(m.category)}] ${m.subject}`,
    text: [
      `From: ${m.name} <${m.email}>${m.userId ? ` (user ${m.userId})` : ''}`,
      `Category: ${label(m.category)}`,
      `Subject: ${m.subject}`,
      '',
      m.message,
      '',
      `Read and resolve it at ${new URL('/admin/messages', opts.publicUrl)}`,
    ].join('\n'),
  };
}

/** Job handler: sends one of the two mails of a stored contact message. */
export function contactMailHandler(ctx: AppContext) {
  return async (payload: JobPayloads[typeof CONTACT_MAIL_JOB]) => {
    const message = await findContactMessage(ctx.database, String(payload.messageId));
    if (!message) return; // deleted since: nothing to send
    if (payload.kind === 'confirmation') await ctx.mail.send(confirmationMail(message));
    else
      await ctx.mail.send(
        notificationMail(message, { to: ctx.config.SUPPORT_EMAIL, publicUrl: ctx.config.PUBLIC_URL }),
      );
  };
}

/** The support module's jobs (registered by jobs/registry.ts). */
export const supportJobs: ModuleJobs = (ctx) => [defineJob(CONTACT_MAIL_JOB, contactMailHandler(ctx))];
