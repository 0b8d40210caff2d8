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
import { forbidden } from '../../lib/errors';
import { isAllowedOrigin } from '../../lib/origin';
import { requireRole } from '../../lib/session';
import { presentContactMessage, presentContactReceipt } from './presenter';
import * as service from './service';

/** Contact form: 5 messages per 10 minutes per client. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: 10 * 60 * 1000 } as const;

/** The client address: the trusted proxy header when one is configured, else the socket. */
function clientKey(ctx: AppContext) {
  const header = ctx.config.TRUST_PROXY_HEADER?.toLowerCase();
  return (req: FastifyRequest) => {
    const forwarded = header ? req.headers[header] : undefined;
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    return first || req.ip;
  };
}

/** Support: the contact form, and the admin inbox of contact messages. */
export async function supportRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const sameOrigin = async (req: FastifyRequest) => {
    if (!isAllowedOrigin(req.headers.origin, req.headers.host, ctx.config.PUBLIC_URL)) throw forbidden('Bad origin');
  };

  app.post(
    '/api/support/contact',
    {
      config: { rateLimit: { ...CONTACT_RATE_LIMIT, keyGenerator: clientKey(ctx) } },
      onRequest: sameOrigin,
      schema: { tags: ['support'], body: ZContactMessageInput, response: { 201: ZContactReceipt } },
    },
    async (req, reply) => {
      const row = await service.submitContactMessage(ctx, req.body, req.user);
      return reply.status(201).send(presentContactReceipt(row));
    },
  );

  app.get(
    '/api/admin/contact-messages',
    { schema: { tags: ['admin'], querystring: ZContactMessageListQuery, response: { 200: ZContactMessageList } } },
    async (req) => {
      const user = requireRole(req, 'admin');
      const page = await service.listContactMessages(ctx, user, req.query);
      return { items: page.rows.map(presentContactMessage), total: page.total, nextOffset: page.nextOffset };
    },
  );

  app.post(
    '/api/admin/contact-messages/:id/resolve',
    {
      onRequest: sameOrigin,
      schema: { tags: ['admin'], params: z.object({ id: z.uuid() }), response: { 200: ZContactMessage } },
    },
    async (req) => {
      const user = requireRole(req, 'admin');
      return presentContactMessage(await service.resolveContactMessage(ctx, user, req.params.id));
    },
  );
}
