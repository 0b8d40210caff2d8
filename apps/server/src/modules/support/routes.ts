import {
  ZContactMessage,
  ZContactMessageInput,
  ZContactMessageList,
  ZContactMessageListQuery,
  ZContactReceipt,
} from '@wavecast/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { clientIp } from '../../lib/client-ip';
import { signedInUser } from '../../lib/guard';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { presentContactMessage, presentContactReceipt } from './presenter';
import { supportService } from './service';

/** Contact form: 5 messages per 10 minutes per client. */

/** Support: the contact form, and the admin inbox of contact messages. */
export async function supportRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = supportService(ctx);
  // Per client, as every limit counts (lib/client-ip.ts: the trusted proxy header's last hop).
  const clientKey = (req: FastifyRequest) => clientIp(req, ctx.config.TRUST_PROXY_HEADER);

  app.post(
    '/api/support/contact',
    {
      config: { access: 'public', rateLimit: { ...RATE_LIMITS.contact, keyGenerator: clientKey } },
      schema: { tags: ['support'], body: ZContactMessageInput, response: { 201: ZContactReceipt } },
    },
    async (req, reply) => {
      const row = await service.submit(req.body, req.user);
      return reply.status(201).send(presentContactReceipt(row));
    },
  );

  app.get(
    '/api/admin/contact-messages',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], querystring: ZContactMessageListQuery, response: { 200: ZContactMessageList } },
    },
    async (req) => {
      const user = signedInUser(req);
      const page = await service.list(user, req.query);
      return { items: page.rows.map(presentContactMessage), total: page.total, nextOffset: page.nextOffset };
    },
  );

  app.post(
    '/api/admin/contact-messages/:id/resolve',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], params: z.object({ id: z.uuid() }), response: { 200: ZContactMessage } },
    },
    async (req) => {
      const user = signedInUser(req);
      return presentContactMessage(await service.resolve(user, req.params.id));
    },
  );
}
