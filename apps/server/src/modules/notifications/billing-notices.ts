import type { AppContext } from '../../context';
import { MAIL_JOB } from '../auth/mail';
import { prefsOf } from './prefs';
import { presentNotification } from './presenter';
import * as repo from './repo';

/**
 * `billing.notice` → one in-app notice and one mail per notice key (ADR 0038). Billing mails are
 * about money the account pays, so they go out whatever the notification preferences (as
 * moderation notices). Delivery is at least once: the notice's key makes a redelivery a no-op.
 */
export function subscribeBillingNotices(ctx: AppContext): void {
  ctx.events.once('billing.notice', async ({ payload }) => {
    const rows = await repo.insertBillingNotice(ctx.database, payload.userId, {
      title: payload.title,
      link: payload.link,
      dedupeKey: `billing:${payload.key}`,
      mailText: payload.text,
      mailJob: MAIL_JOB,
    });
    if (rows.length === 0) return;
    const [recipient] = await repo.recipients(ctx.database, [payload.userId]);
    for (const row of rows) {
      await ctx.bus.publish(`user:${row.user_id}`, 'notification.created', {
        userId: row.user_id,
        notificationId: row.id,
        notification: presentNotification(row),
        push: prefsOf(recipient?.notification_prefs).pushNotifications,
      });
    }
  });
}
