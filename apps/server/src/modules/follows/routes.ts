import { ZFollowState, ZUserIdParams } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../lib/session';
import { sameOrigin, signedIn } from '../auth/guard';
import { followService } from './service';

const tags = ['follows'];
const writeLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** POST / DELETE /api/users/:id/follow (idempotent; cannot follow yourself). */
export async function followRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = followService(ctx);
  // A fresh array per route: the rate-limit plugin pushes its hook into the array it is given.
  const guards = () => [signedIn, sameOrigin(ctx.config.PUBLIC_URL)];
  const schema = { tags, params: ZUserIdParams, response: { 200: ZFollowState } };

  app.post('/api/users/:id/follow', { onRequest: guards(), config: writeLimit, schema }, async (req) =>
    service.follow(requireUser(req), req.params.id),
  );
  app.delete('/api/users/:id/follow', { onRequest: guards(), config: writeLimit, schema }, async (req) =>
    service.unfollow(requireUser(req), req.params.id),
  );
}
