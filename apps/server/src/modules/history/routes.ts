import { ZContinueList, ZHistoryList, ZPositionResult, ZPositionUpdate, ZTrackIdParams } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { signedInUser } from '../../lib/guard';
import { RATE_LIMITS } from '../../lib/rate-limits';
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
      config: { access: 'user', rateLimit: RATE_LIMITS.listenerWrite },
      schema: { tags, params: ZTrackIdParams, body: ZPositionUpdate },
    },
    async (req, reply) => {
      await service.savePosition(signedInUser(req), req.params.trackId, req.body.positionSeconds);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/me/positions/:trackId',
    { config: { access: 'user' }, schema: { tags, params: ZTrackIdParams, response: { 200: ZPositionResult } } },
    async (req) => service.position(signedInUser(req), req.params.trackId),
  );

  app.get(
    '/api/me/positions',
    { config: { access: 'user' }, schema: { tags, response: { 200: ZContinueList } } },
    async (req) => {
      const user = signedInUser(req);
      return { items: (await service.continueListening(user)).map((r) => presentContinueItem(r, user.id)) };
    },
  );

  app.get(
    '/api/me/history',
    { config: { access: 'user' }, schema: { tags, response: { 200: ZHistoryList } } },
    async (req) => {
      const user = signedInUser(req);
      return { items: (await service.recentlyPlayed(user)).map((r) => presentHistoryItem(r, user.id)) };
    },
  );
}
