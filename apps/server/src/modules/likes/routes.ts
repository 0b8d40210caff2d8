import { ZLikedIds, ZLikedList, ZLikedQuery, ZLikeState } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { signedInUser } from '../../lib/guard';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { presentLikedTrack } from './presenter';
import { likeService } from './service';

const tags = ['likes'];
const Params = z.object({ id: z.string().min(1).max(100) });
const writeConfig = { access: 'user', rateLimit: RATE_LIMITS.listenerWrite } as const;

/** Likes: like/unlike a track (idempotent), the viewer's liked tracks and liked ids. */
export async function likeRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = likeService(ctx);

  app.put(
    '/api/tracks/:id/like',
    { config: writeConfig, schema: { tags, params: Params, response: { 200: ZLikeState } } },
    async (req) => service.like(signedInUser(req), req.params.id),
  );

  app.delete(
    '/api/tracks/:id/like',
    { config: writeConfig, schema: { tags, params: Params, response: { 200: ZLikeState } } },
    async (req) => service.unlike(signedInUser(req), req.params.id),
  );

  app.get(
    '/api/me/likes',
    { config: { access: 'user' }, schema: { tags, querystring: ZLikedQuery, response: { 200: ZLikedList } } },
    async (req) => {
      const user = signedInUser(req);
      const { rows, nextCursor } = await service.list(user, req.query);
      return { items: rows.map((r) => presentLikedTrack(r, user.id)), nextCursor };
    },
  );

  app.get(
    '/api/me/likes/ids',
    { config: { access: 'user' }, schema: { tags, response: { 200: ZLikedIds } } },
    async (req) => ({ ids: await service.ids(signedInUser(req)) }),
  );
}
