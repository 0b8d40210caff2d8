import type { RealtimeMessage } from '@wavecast/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { NotificationService } from './service';

/** Resolves once the notification handlers of this context have handled every event so far (tests). */
export async function notificationsSettled(ctx: AppContext): Promise<void> {
  await ctx.background.notifications?.idle();
}

const WATCHED = new Set<string>([
  'user.followed',
  'comment.created',
  'track.liked',
  'track.reposted',
  'track.uploaded',
  'live.started',
  'premiere.scheduled',
  'premiere.started',
]);

/**
 * Listens on the bus for what users should hear about. Every server process receives every event,
 * so the inserts are idempotent (one row per user and source) and only the process that made a
 * row pushes it and queues its email.
 */
export function subscribeNotifications(ctx: AppContext, service: NotificationService, log: FastifyBaseLogger) {
  const inFlight = new Set<Promise<void>>();

  const handle = async (msg: RealtimeMessage): Promise<void> => {
    switch (msg.event) {
      case 'user.followed': {
        const d = msg.data as RealtimeMessage<'user.followed'>['data'];
        return service.onFollowed(d.followerId, d.followingId);
      }
      case 'comment.created':
        return service.onComment((msg.data as RealtimeMessage<'comment.created'>['data']).commentId);
      case 'track.liked': {
        const d = msg.data as RealtimeMessage<'track.liked'>['data'];
        return service.onLiked(d.trackId, d.userId);
      }
      case 'track.reposted': {
        const d = msg.data as RealtimeMessage<'track.reposted'>['data'];
        return service.onReposted(d.trackId, d.userId);
      }
      case 'track.uploaded':
        return service.onTrackUploaded((msg.data as RealtimeMessage<'track.uploaded'>['data']).trackId);
      case 'live.started':
        // Published on the stream's topic and on global: one is enough.
        if (msg.topic !== 'global') return;
        return service.onLiveStarted((msg.data as RealtimeMessage<'live.started'>['data']).streamId);
      case 'premiere.scheduled':
      case 'premiere.started':
        return service.onPremiere(msg.event, msg.data as RealtimeMessage<'premiere.started'>['data']);
    }
  };

  const unsubscribe = ctx.bus.subscribe((msg) => {
    if (!WATCHED.has(msg.event)) return;
    const work = handle(msg)
      .catch((err) => log.error({ err, event: msg.event }, 'notification handler failed'))
      .finally(() => inFlight.delete(work));
    inFlight.add(work);
  });

  const subscriber = {
    /** Resolves once every event received so far has been handled (tests, shutdown). */
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    async close() {
      unsubscribe();
      await this.idle();
    },
  };
  ctx.background.notifications = subscriber;
  return subscriber;
}
