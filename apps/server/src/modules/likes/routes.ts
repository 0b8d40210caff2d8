import { ZLikedIds, ZLikedList, ZLikedQuery, ZLikeState } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../lib/session';
import { sameOrigin, signedIn } from '../auth/guard';
import { presentLikedTrack } from './presenter';
import { likeService } from './service';

const tags = ['likes'];
const Params = z.object({ id: z.string().min(1).max(100) });
const writeLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };

/** Likes: like/unlike a track (idempotent), the viewer's liked tracks and liked ids. */
export async function likeRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = likeService(ctx);
  // A fresh array per route: the rate-limit plugin pushes its hook into the array it is given.
  const guards = () => [signedIn, sameOrigin(ctx.config.PUBLIC_URL)];

  app.put(
    '/api/tracks/:id/like',
    { onRequest: guards(), config: writeLimit, schema: { tags, params: Params, response: { 200: ZLikeState } } },
    async (req) => service.like(requireUser(req), req.params.id),
  );

  app.delete(
    '/api/tracks/:id/like',
    { onRequest: guards(), config: writeLimit, schema: { tags, params: Params, response: { 200: ZLikeState } } },
    async (req) => service.unlike(requireUser(req), req.params.id),
  );

  app.get(
    '/api/me/likes',
    { onRequest: signedIn, schema: { tags, querystring: ZLikedQuery, response: { 200: ZLikedList } } },
    async (req) => {
      const user = requireUser(req);
      const { rows, nextCursor } = await service.list(user, req.query);
      return { items: rows.map((r) => presentLikedTrack(r, user.id)), nextCursor };
    },
  );

  app.get(
    '/api/me/likes/ids',
    { onRequest: signedIn, schema: { tags, response: { 200: ZLikedIds } } },
    async (req) => ({ ids: await service.ids(requireUser(req)) }),
  );
}
