import { NOTIFICATIONS_PAGE_SIZE, type PremiereAnnounced } from '@wavecast/shared';
import { loadVisibleTrack } from '../../access/tracks';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import { prefsOf } from './prefs';
import { decodeCursor, encodeCursor, presentNotification } from './presenter';
import * as repo from './repo';

export const EMAIL_JOB = 'notifications.email';

const nameOf = (name: string | null | undefined) => name?.trim() || 'Someone';
const profileLink = (id: string, role: string) => (role === 'creator' ? `/profile/${id}` : `/profile/listener/${id}`);

/** Creating notifications from what happened, pushing them live, and the user's own list. */
export const notificationService = perApp(makeNotificationService);

function makeNotificationService(ctx: AppContext) {
  const { database } = ctx;

  /** Pushes each new row to its user's socket room and queues its email copy when wanted. */
  async function deliver(rows: repo.NotificationRow[]) {
    if (rows.length === 0) return;
    const people = new Map(
      (
        await repo.recipients(
          database,
          rows.map((r) => r.user_id),
        )
      ).map((r) => [r.id, r]),
    );
    for (const row of rows) {
      const prefs = prefsOf(people.get(row.user_id)?.notification_prefs);
      await ctx.bus.publish(`user:${row.user_id}`, 'notification.created', {
        userId: row.user_id,
        notificationId: row.id,
        notification: presentNotification(row),
        push: prefs.pushNotifications,
      });
      if (prefs.emailNotifications) await ctx.jobs.enqueue(EMAIL_JOB, { notificationId: row.id });
    }
  }

  return {
    deliver,

    /** A moderation notice (content removed or restored): always sent, whatever the preferences. */
    async onModeration(userId: string, n: { title: string; link: string | null; dedupeKey: string }) {
      const rows = await repo.insertForUser(database, userId, { type: 'moderation', actorId: null, ...n });
      await deliver(rows);
    },

    /** user.followed: tell the followed user, if they want to hear about new followers. */
    async onFollowed(followerId: string, followingId: string) {
      if (followerId === followingId) return;
      const [target, follower] = await Promise.all([
        repo.findUser(database, followingId),
        repo.findUser(database, followerId),
      ]);
      if (!target || !follower || !prefsOf(target.notification_prefs).newFollowers) return;
      if (!(await repo.followExists(database, followerId, followingId))) return;
      const rows = await repo.insertForUser(database, followingId, {
        type: 'new_follower',
        actorId: followerId,
        title: `${nameOf(follower.display_name)} started following you`,
        link: profileLink(followerId, follower.user_role),
        dedupeKey: `follow:${followerId}`,
      });
      await deliver(rows);
    },

    /** comment.created: tell the track's owner, unless they wrote it or opted out. */
    async onComment(commentId: string) {
      const c = await repo.findComment(database, commentId);
      if (!c?.author_id || c.author_id === c.owner_id) return;
      const owner = await repo.findUser(database, c.owner_id);
      if (!owner || !prefsOf(owner.notification_prefs).newComments) return;
      const rows = await repo.insertForUser(database, c.owner_id, {
        type: 'new_comment',
        actorId: c.author_id,
        title: `${nameOf(c.author_name)} commented on "${c.track_title}"`,
        link: `/audio/${c.track_id}`,
        dedupeKey: `comment:${c.id}`,
      });
      await deliver(rows);
    },

    /**
     * track.liked: one notification per track for its owner, rewritten as likes arrive ('Ada and 3
     * others liked …') and unread again. The count is of people liking it now, so one person liking
     * and unliking counts once, and their own repeat does not bring it back up; own likes tell nobody.
     */
    async onLiked(trackId: string, likerId: string) {
      const like = await repo.findLike(database, trackId, likerId);
      if (!like || like.owner_id === likerId) return;
      const owner = await repo.findUser(database, like.owner_id);
      if (!owner || !prefsOf(owner.notification_prefs).newLikes) return;
      const others = like.likers - 1;
      const who = nameOf(like.liker_name);
      const rows = await repo.upsertGrouped(database, like.owner_id, {
        type: 'new_like',
        actorId: likerId,
        title:
          others > 0
            ? `${who} and ${others} ${others === 1 ? 'other' : 'others'} liked "${like.track_title}"`
            : `${who} liked "${like.track_title}"`,
        link: `/audio/${trackId}`,
        dedupeKey: `likes:${trackId}`,
      });
      await deliver(rows);
    },

    /** track.reposted: one notification per track, its title counting the reposters (like likes). */
    async onReposted(trackId: string, reposterId: string) {
      const repost = await repo.findRepost(database, trackId, reposterId);
      if (!repost || repost.owner_id === reposterId) return;
      const owner = await repo.findUser(database, repost.owner_id);
      if (!owner || !prefsOf(owner.notification_prefs).newReposts) return;
      const others = repost.reposters - 1;
      const who = nameOf(repost.reposter_name);
      const rows = await repo.upsertGrouped(database, repost.owner_id, {
        type: 'new_repost',
        actorId: reposterId,
        title:
          others > 0
            ? `${who} and ${others} ${others === 1 ? 'other' : 'others'} reposted "${repost.track_title}"`
            : `${who} reposted "${repost.track_title}"`,
        link: `/audio/${trackId}`,
        dedupeKey: `reposts:${trackId}`,
      });
      await deliver(rows);
    },

    /** track.uploaded: tell the creator's followers once the track is public and ready. */
    async onTrackUploaded(trackId: string) {
      // Only a track everyone may see (access/tracks' loader reads every fact).
      if (!(await loadVisibleTrack(database, null, trackId))) return;
      const track = await repo.findTrack(database, trackId);
      if (!track) return;
      const rows = await repo.insertForFollowers(database, track.user_id, {
        type: 'new_track',
        actorId: track.user_id,
        title: `${nameOf(track.creator_name)} uploaded "${track.title}"`,
        link: `/audio/${track.id}`,
        dedupeKey: `track:${track.id}`,
      });
      await deliver(rows);
    },

    /** live.started: tell followers who want live stream alerts. */
    async onLiveStarted(streamId: string) {
      const stream = await repo.findStream(database, streamId);
      if (!stream?.is_active) return;
      const rows = await repo.insertForFollowers(
        database,
        stream.user_id,
        {
          type: 'live_started',
          actorId: stream.user_id,
          title: `${nameOf(stream.creator_name)} is live: "${stream.title}"`,
          link: `/live/${stream.id}`,
          dedupeKey: `live:${stream.id}`,
        },
        'liveStreamAlerts',
      );
      await deliver(rows);
    },

    /**
     * A followed creator scheduled a premiere, or it started: followers with premiere alerts on
     * hear of each once (the dedupe key names the premiere and the moment).
     */
    async onPremiere(kind: 'premiere.scheduled' | 'premiere.started', p: PremiereAnnounced) {
      const creator = await repo.findUser(database, p.userId);
      if (!creator) return;
      const who = nameOf(creator.display_name);
      const when = new Date(p.startsAt).toUTCString().replace(':00 GMT', ' UTC');
      const rows = await repo.insertForFollowers(
        database,
        p.userId,
        {
          type: 'premiere',
          actorId: p.userId,
          title:
            kind === 'premiere.started'
              ? `${who}'s premiere of "${p.title}" is starting now`
              : `${who} scheduled a premiere of "${p.title}" for ${when}`,
          link: `/rooms/${p.roomId}`,
          dedupeKey: `${kind}:${p.premiereId}`,
        },
        'premiereAlerts',
      );
      await deliver(rows);
    },

    async list(userId: string, cursor?: string) {
      const after = decodeCursor(cursor);
      if (cursor && !after) throw badRequest('Invalid cursor');
      const rows = await repo.listForUser(database, userId, NOTIFICATIONS_PAGE_SIZE + 1, after);
      const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
      return {
        items: page.map(presentNotification),
        nextCursor: rows.length > NOTIFICATIONS_PAGE_SIZE ? encodeCursor(page[page.length - 1]) : null,
        unreadCount: await repo.unreadCount(database, userId),
      };
    },

    unreadCount: (userId: string) => repo.unreadCount(database, userId),

    async markRead(userId: string, id: string) {
      if (!(await repo.markRead(database, userId, id))) throw new AppError('NOT_FOUND', 'Notification not found');
    },

    markAllRead: (userId: string) => repo.markAllRead(database, userId),

    /** The email copy of one notification (a durable job), if the user still wants email. */
    async sendEmail(notificationId: string) {
      const row = await repo.findNotification(database, notificationId);
      if (!row) return;
      const user = await repo.findUser(database, row.user_id);
      if (!user || !prefsOf(user.notification_prefs).emailNotifications) return;
      const url = row.link ? new URL(row.link, ctx.config.PUBLIC_URL).toString() : ctx.config.PUBLIC_URL;
      await ctx.mail.send({
        to: user.email,
        subject: row.title,
        text: `${row.title}\n\n${url}\n\nYou can choose which emails you get in Settings → Notifications.`,
        html: `<p>${escapeHtml(row.title)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p style="color:#888">You can choose which emails you get in Settings → Notifications.</p>`,
      });
    },
  };
}

export type NotificationService = ReturnType<typeof notificationService>;

export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}
