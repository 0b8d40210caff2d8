import { APP_NAME, type DomainEvent } from '@wavecast/shared';
import type { AppContext } from '../../context';
import type { Mail } from '../../mail/mailer';
import { MAIL_JOB } from '../auth/mail';
import * as repo from './repo';

/** The mail a suspended account gets: what happened, what it means, and how to appeal. */
export function suspensionMail(
  to: string,
  reason: 'admin' | 'strikes',
  links: { supportEmail: string; publicUrl: string },
): Mail {
  const contact = `${links.publicUrl.replace(/\/$/, '')}/support/contact`;
  const guidelines = `${links.publicUrl.replace(/\/$/, '')}/support/guidelines`;
  const why =
    reason === 'strikes'
      ? 'after repeated violations of our community guidelines (three strikes)'
      : 'by our moderation team';
  const text = [
    `Your ${APP_NAME} account has been suspended ${why}.`,
    '',
    'While it is suspended you cannot sign in, your tracks, profile and live streams are hidden,',
    'and any live broadcast (from the browser or an encoder) has been ended.',
    '',
    `To appeal, or if you think this is a mistake, contact support: ${contact} or ${links.supportEmail}.`,
    `Our community guidelines: ${guidelines}`,
  ].join('\n');
  return {
    to,
    subject: `Your ${APP_NAME} account has been suspended`,
    text,
    html: text
      .split('\n\n')
      .map((p) => `<p>${p.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('\n', ' ')}</p>`)
      .join(''),
  };
}

/**
 * `account.suspended` → one notice mail to the account (ADR 0027: `once`, on the dispatching
 * process). Delivery is at least once, so the mail job is queued at most once per event id: under
 * an advisory lock, a job already carrying the event's id is not queued again.
 */
export function subscribeSuspensionNotice(ctx: AppContext): void {
  ctx.events.once('account.suspended', async (event) => {
    await queueSuspensionNotice(ctx, event);
  });
}

export async function queueSuspensionNotice(
  ctx: AppContext,
  event: DomainEvent<'account.suspended'>,
): Promise<boolean> {
  const user = await repo.findUser(ctx.database.db, event.payload.userId);
  if (!user) return false;
  const mail = suspensionMail(user.email, event.payload.reason, {
    supportEmail: ctx.config.SUPPORT_EMAIL,
    publicUrl: ctx.config.PUBLIC_URL,
  });
  // The mail job's payload with the event's id beside it (the job reads only the mail's fields).
  const queued = await repo.queueMailOncePerEvent(ctx.database.db, MAIL_JOB, event.id, { ...mail, eventId: event.id });
  return queued;
}
