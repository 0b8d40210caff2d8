import { ZContinueList, ZHistoryList, ZPositionResult, ZPositionUpdate, ZTrackIdParams } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../lib/session';
import { sameOrigin, signedIn } from '../auth/guard';
import { presentContinueItem, presentHistoryItem } from './presenter';
import { historyService } from './service';

const tags = ['history'];

/** Resume positions (long-form listening), "Continue listening" and Recently Played. */
export async function historyRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = historyService(ctx);

  app.put(
    '/api/me/positions/:trackId',
    {
      onRequest: [signedIn, sameOrigin(ctx.config.PUBLIC_URL)],
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags, params: ZTrackIdParams, body: ZPositionUpdate },
    },
    async (req, reply) => {
      await service.savePosition(requireUser(req), req.params.trackId, req.body.positionSeconds);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/me/positions/:trackId',
    { onRequest: signedIn, schema: { tags, params: ZTrackIdParams, response: { 200: ZPositionResult } } },
    async (req) => service.position(requireUser(req), req.params.trackId),
  );

  app.get(
    '/api/me/positions',
    { onRequest: signedIn, schema: { tags, response: { 200: ZContinueList } } },
    async (req) => {
      const user = requireUser(req);
      return { items: (await service.continueListening(user)).map((r) => presentContinueItem(r, user.id)) };
    },
  );

  app.get(
    '/api/me/history',
    { onRequest: signedIn, schema: { tags, response: { 200: ZHistoryList } } },
    async (req) => {
      const user = requireUser(req);
      return { items: (await service.recentlyPlayed(user)).map((r) => presentHistoryItem(r, user.id)) };
    },
  );
}
