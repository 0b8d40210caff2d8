import { z } from 'zod';
import { ZUserSummary } from './tracks';

export const NOTIFICATION_TYPES = [
  'new_follower',
  'new_comment',
  /** One per track, updated as likes arrive: 'Ada and 3 others liked …'. */
  'new_like',
  /** One per track, updated as reposts arrive: 'Ada and 2 others reposted …'. */
  'new_repost',
  'new_track',
  'live_started',
  /** A followed creator scheduled or started a premiere (issue 39). */
  'premiere',
  'weekly_digest',
  /** An admin removed or restored the user's content (moderation), always sent. */
  'moderation',
  /** Trial ending, payment failed, receipt, plan changed or canceled: always sent (with its mail). */
  'billing',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATIONS_PAGE_SIZE = 20;

export const ZNotification = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  /** A sentence ready to show: "Ada started following you". */
  title: z.string(),
  /** Where it leads in the app (a route), or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
  actor: ZUserSummary.nullable(),
  /** The recipient may open the actor's profile (their privacy settings allow it). */
  actorVisible: z.boolean(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** GET /api/notifications?cursor= (newest first) */
export const ZNotificationsQuery = z.object({ cursor: z.string().max(200).optional() });
export const ZNotificationPage = z.object({
  items: z.array(ZNotification),
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int(),
});
export type TNotificationPage = z.infer<typeof ZNotificationPage>;

/** GET /api/notifications/unread-count */
export const ZUnreadCount = z.object({ count: z.number().int() });
export const ZNotificationParams = z.object({ id: z.uuid('Notification not found') });
