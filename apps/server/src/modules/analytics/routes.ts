import { ZAnalyticsOverview, ZAnalyticsRangeQuery, ZAnalyticsTrack, ZTrackIdParams } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { signedInUser } from '../../lib/guard';
import { analyticsService } from './service';

/** Creator analytics: `/api/analytics` (overview) and `/api/analytics/tracks/:trackId`. */
export async function analyticsRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = analyticsService(ctx);

  app.get(
    '/api/analytics',
    {
      config: { access: 'creator' },
      schema: { tags: ['analytics'], querystring: ZAnalyticsRangeQuery, response: { 200: ZAnalyticsOverview } },
    },
    async (req) => service.overview(signedInUser(req).id, req.query),
  );

  app.get(
    '/api/analytics/tracks/:trackId',
    {
      config: { access: 'creator' },
      schema: {
        tags: ['analytics'],
        params: ZTrackIdParams,
        querystring: ZAnalyticsRangeQuery,
        response: { 200: ZAnalyticsTrack },
      },
    },
    async (req) => service.track(signedInUser(req).id, req.params.trackId, req.query),
  );
}
