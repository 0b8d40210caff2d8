import { ZFollowState, ZUserIdParams } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { signedInUser } from '../../lib/guard';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { followService } from './service';

const tags = ['follows'];
const config = { access: 'user', rateLimit: RATE_LIMITS.write } as const;

/** POST / DELETE /api/users/:id/follow (idempotent; cannot follow yourself). */
export async function followRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = followService(ctx);
  const schema = { tags, params: ZUserIdParams, response: { 200: ZFollowState } };

  app.post('/api/users/:id/follow', { config, schema }, async (req) =>
    service.follow(signedInUser(req), req.params.id),
  );
  app.delete('/api/users/:id/follow', { config, schema }, async (req) =>
    service.unfollow(signedInUser(req), req.params.id),
  );
}
