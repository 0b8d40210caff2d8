import { WEBHOOK_MESSAGES, type Webhook, ZWebhook, ZWebhookDelivery, ZWebhookInput } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { signedInUser } from '../../lib/guard';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { type EndpointRow, webhookEventOf, webhooksService } from './service';

const ZId = z.object({ id: z.string().uuid() });
const config = { access: 'creator', rateLimit: RATE_LIMITS.settings } as const;

const presentWebhook = (row: EndpointRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events,
  createdAt: row.createdAt.toISOString(),
});

/** Creators' webhooks (`/api/webhooks`), and the bus subscriber that turns events into deliveries. */
export async function webhookRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = webhooksService(ctx);

  const inFlight = new Set<Promise<void>>();
  const unsubscribe = ctx.bus.subscribe((msg) => {
    const e = webhookEventOf(msg);
    if (!e?.userId) return;
    const work = service
      .emit(e.userId, e.event, e.key, e.data)
      .catch((err) => root.log.error({ err, event: e.event }, 'webhook offer failed'))
      .finally(() => inFlight.delete(work));
    inFlight.add(work);
  });
  root.addHook('onClose', async () => {
    unsubscribe();
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  });

  app.get(
    '/api/webhooks',
    { config, schema: { tags: ['webhooks'], response: { 200: z.object({ items: z.array(ZWebhook) }) } } },
    async (req) => ({ items: (await service.list(signedInUser(req))).map(presentWebhook) }),
  );

  app.post(
    '/api/webhooks',
    {
      config,
      schema: {
        tags: ['webhooks'],
        body: ZWebhookInput,
        response: { 201: z.object({ webhook: ZWebhook, secret: z.string(), message: z.string() }) },
      },
    },
    async (req, reply) => {
      const { row, secret } = await service.create(signedInUser(req), req.body);
      reply.code(201);
      return { webhook: presentWebhook(row), secret, message: WEBHOOK_MESSAGES.created };
    },
  );

  app.delete(
    '/api/webhooks/:id',
    { config, schema: { tags: ['webhooks'], params: ZId, response: { 200: z.object({ message: z.string() }) } } },
    async (req) => {
      await service.remove(signedInUser(req), req.params.id);
      return { message: WEBHOOK_MESSAGES.removed };
    },
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    {
      config,
      schema: { tags: ['webhooks'], params: ZId, response: { 200: z.object({ items: z.array(ZWebhookDelivery) }) } },
    },
    async (req) => ({
      items: (await service.log(signedInUser(req), req.params.id)).map(({ delivery, attempts }) => ({
        id: delivery.id,
        event: delivery.event,
        status: delivery.status,
        createdAt: delivery.createdAt.toISOString(),
        attempts: attempts.map((a) => ({
          attempt: a.attempt,
          statusCode: a.statusCode,
          error: a.error,
          at: a.at.toISOString(),
        })),
      })),
    }),
  );

  app.post(
    '/api/webhooks/deliveries/:id/resend',
    { config, schema: { tags: ['webhooks'], params: ZId, response: { 200: z.object({ message: z.string() }) } } },
    async (req) => {
      await service.resend(signedInUser(req), req.params.id);
      return { message: WEBHOOK_MESSAGES.resent };
    },
  );
}
