import { ZPremiere, ZSchedulePremiere } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import { signedInUser } from '../../../lib/guard';
import { RATE_LIMITS } from '../../../lib/rate-limits';
import { premiereService } from './service';

const tags = ['premieres'];
const Params = z.object({ id: z.string().min(1).max(100) });

/** Premieres: scheduled by a track's creator, read by anyone (the countdown page), canceled before the start. */
export async function premiereRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = premiereService(ctx);

  app.post(
    '/api/tracks/:id/premiere',
    {
      config: { access: 'user', rateLimit: RATE_LIMITS.write },
      schema: { tags, params: Params, body: ZSchedulePremiere, response: { 201: ZPremiere } },
    },
    async (req, reply) =>
      reply.status(201).send(await service.schedule(signedInUser(req), req.params.id, req.body.startsAt)),
  );
  app.get(
    '/api/tracks/:id/premiere',
    { config: { access: 'public' }, schema: { tags, params: Params, response: { 200: ZPremiere } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.forTrack(req.params.id);
    },
  );
  app.delete(
    '/api/tracks/:id/premiere',
    {
      config: { access: 'user', rateLimit: RATE_LIMITS.write },
      schema: { tags, params: Params, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await service.cancel(signedInUser(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
}
