import { ZNotificationPage, ZNotificationParams, ZNotificationsQuery, ZUnreadCount } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { signedInUser } from '../../lib/guard';
import { notificationService } from './service';
import { subscribeNotifications } from './subscriber';

const tags = ['notifications'];
const config = { access: 'user' } as const;

/** The signed-in user's notifications, and the bus subscriber that creates them. */
export async function notificationRoutes(root: FastifyInstance, ctx: AppContext) {
  const service = notificationService(ctx);
  const subscriber = subscribeNotifications(ctx, service, root.log);
  root.addHook('onClose', () => subscriber.close());

  await root.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/notifications',
      { config, schema: { tags, querystring: ZNotificationsQuery, response: { 200: ZNotificationPage } } },
      async (req) => service.list(signedInUser(req).id, req.query.cursor),
    );

    app.get(
      '/api/notifications/unread-count',
      { config, schema: { tags, response: { 200: ZUnreadCount } } },
      async (req) => ({
        count: await service.unreadCount(signedInUser(req).id),
      }),
    );

    app.post('/api/notifications/read-all', { config, schema: { tags } }, async (req, reply) => {
      await service.markAllRead(signedInUser(req).id);
      return reply.status(204).send();
    });

    app.post(
      '/api/notifications/:id/read',
      { config, schema: { tags, params: ZNotificationParams } },
      async (req, reply) => {
        await service.markRead(signedInUser(req).id, req.params.id);
        return reply.status(204).send();
      },
    );
  });
}
