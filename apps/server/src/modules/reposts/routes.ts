import { ZRepostState } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { signedInUser } from '../../lib/guard';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { repostService } from './service';

const tags = ['reposts'];
const Params = z.object({ id: z.string().min(1).max(100) });
const writeConfig = { access: 'user', rateLimit: RATE_LIMITS.listenerWrite } as const;

/** Reposts: repost/unrepost a track (idempotent) and its state for the viewer. */
export async function repostRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = repostService(ctx);

  app.get(
    '/api/tracks/:id/repost',
    { config: { access: 'public' }, schema: { tags, params: Params, response: { 200: ZRepostState } } },
    async (req) => service.state(req.user?.id ?? null, req.params.id),
  );
  app.put(
    '/api/tracks/:id/repost',
    { config: writeConfig, schema: { tags, params: Params, response: { 200: ZRepostState } } },
    async (req) => service.repost(signedInUser(req), req.params.id),
  );
  app.delete(
    '/api/tracks/:id/repost',
    { config: writeConfig, schema: { tags, params: Params, response: { 200: ZRepostState } } },
    async (req) => service.unrepost(signedInUser(req), req.params.id),
  );
}
