import { ZComment, ZCommentList, ZCommentsQuery, ZCreateComment } from '@wavecast/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { signedInUser } from '../../lib/guard';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { commentService } from './service';

const tags = ['comments'];
const TrackParams = z.object({ id: z.string().min(1).max(100) });

/** Comments: list and post on a track, delete by the author or the track owner. */
export async function commentRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = commentService(ctx);

  app.get(
    '/api/tracks/:id/comments',
    {
      config: { access: 'public' },
      schema: { tags, params: TrackParams, querystring: ZCommentsQuery, response: { 200: ZCommentList } },
    },
    async (req) => service.list(req.user, req.params.id, req.query.cursor),
  );

  app.post(
    '/api/tracks/:id/comments',
    {
      // Per user, not per address: one spammer cannot silence a shared network.
      config: {
        access: 'user',
        rateLimit: {
          ...RATE_LIMITS.comment,
          keyGenerator: (req: FastifyRequest) => `comment:${signedInUser(req).id}`, // after the access guard
        },
      },
      schema: { tags, params: TrackParams, body: ZCreateComment, response: { 201: ZComment } },
    },
    async (req, reply) => reply.status(201).send(await service.create(signedInUser(req), req.params.id, req.body)),
  );

  app.get(
    '/api/comments/:id',
    { config: { access: 'public' }, schema: { tags, params: TrackParams, response: { 200: ZComment } } },
    async (req) => service.get(req.user, req.params.id),
  );

  app.delete(
    '/api/comments/:id',
    {
      config: { access: 'user', rateLimit: RATE_LIMITS.write },
      schema: { tags, params: TrackParams },
    },
    async (req, reply) => {
      await service.remove(signedInUser(req), req.params.id);
      return reply.status(204).send();
    },
  );
}
