import { ZNotificationPage, ZNotificationParams, ZNotificationsQuery, ZUnreadCount } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { forbidden } from '../../lib/errors';
import { isAllowedOrigin } from '../../lib/origin';
import { requireUser } from '../../lib/session';
import { notificationService } from './service';
import { subscribeNotifications } from './subscriber';

const tags = ['notifications'];

/** The signed-in user's notifications, and the bus subscriber that creates them. */
export async function notificationRoutes(root: FastifyInstance, ctx: AppContext) {
  const service = notificationService(ctx);
  const subscriber = subscribeNotifications(ctx, service, root.log);
  root.addHook('onClose', () => subscriber.close());

  await root.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', async (req) => {
      if (req.method === 'POST' && !isAllowedOrigin(req.headers.origin, req.headers.host, ctx.config.PUBLIC_URL)) {
        throw forbidden('Bad origin');
      }
    });

    app.get(
      '/api/notifications',
      { schema: { tags, querystring: ZNotificationsQuery, response: { 200: ZNotificationPage } } },
      async (req) => service.list(requireUser(req).id, req.query.cursor),
    );

    app.get('/api/notifications/unread-count', { schema: { tags, response: { 200: ZUnreadCount } } }, async (req) => ({
      count: await service.unreadCount(requireUser(req).id),
    }));

    app.post('/api/notifications/read-all', { schema: { tags } }, async (req, reply) => {
      await service.markAllRead(requireUser(req).id);
      return reply.status(204).send();
    });

    app.post('/api/notifications/:id/read', { schema: { tags, params: ZNotificationParams } }, async (req, reply) => {
      await service.markRead(requireUser(req).id, req.params.id);
      return reply.status(204).send();
    });
  });
}
