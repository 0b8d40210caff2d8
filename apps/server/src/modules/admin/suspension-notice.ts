import { APP_NAME, type DomainEvent } from '@wavecast/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import type { Mail } from '../../mail/mailer';
import { MAIL_JOB } from '../auth/mail';

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
  const db = ctx.database.db;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, event.payload.userId));
  if (!user) return false;
  const mail = suspensionMail(user.email, event.payload.reason, {
    supportEmail: ctx.config.SUPPORT_EMAIL,
    publicUrl: ctx.config.PUBLIC_URL,
  });
  // The mail job's payload with the event's id beside it (the job reads only the mail's fields).
  const payload = JSON.stringify({ ...mail, eventId: event.id });
  const queued = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`suspension-notice:${event.id}`}))`);
    const found = (await tx.execute(
      sql`SELECT 1 FROM jobs WHERE type = ${MAIL_JOB} AND payload->>'eventId' = ${event.id} LIMIT 1`,
    )) as { rows: unknown[] };
    if (found.rows.length > 0) return false;
    await tx.execute(sql`INSERT INTO jobs (type, payload, max_attempts) VALUES (${MAIL_JOB}, ${payload}::jsonb, 5)`);
    return true;
  });
  return queued;
}
