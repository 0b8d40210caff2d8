import { ZFeedPage, ZFeedQuery, ZPlaybackPrefs, ZRelatedList, ZRelatedQuery } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { signedInUser } from '../../lib/guard';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { feedService } from './service';

const tags = ['feed'];

/** The following feed, related tracks (autoplay at a queue's end) and the autoplay setting. */
export async function feedRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = feedService(ctx);

  app.get(
    '/api/feed',
    { config: { access: 'user' }, schema: { tags, querystring: ZFeedQuery, response: { 200: ZFeedPage } } },
    async (req) => service.feed(signedInUser(req), req.query),
  );

  app.get(
    '/api/tracks/:id/related',
    {
      config: { access: 'public' },
      schema: {
        tags,
        params: z.object({ id: z.string().min(1).max(100) }),
        querystring: ZRelatedQuery,
        response: { 200: ZRelatedList },
      },
    },
    async (req) => {
      // The player's question: the listener's setting is applied here, so the page needs no copy of it.
      if (req.query.autoplay && req.user && !(await service.autoplayRelated(req.user))) return { items: [] };
      return { items: await service.related(req.user?.id ?? null, req.params.id, req.query) };
    },
  );

  app.get(
    '/api/me/settings/playback',
    { config: { access: 'user' }, schema: { tags: ['me'], response: { 200: ZPlaybackPrefs } } },
    async (req) => ({ autoplayRelated: await service.autoplayRelated(signedInUser(req)) }),
  );

  app.put(
    '/api/me/settings/playback',
    {
      config: { access: 'user', rateLimit: RATE_LIMITS.settings },
      schema: { tags: ['me'], body: ZPlaybackPrefs, response: { 200: ZPlaybackPrefs } },
    },
    async (req) => ({ autoplayRelated: await service.setAutoplayRelated(signedInUser(req), req.body.autoplayRelated) }),
  );
}
