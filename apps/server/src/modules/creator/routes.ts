import { ZCreatorActivityList, ZCreatorStats } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { signedInUser } from '../../lib/guard';
import { creatorDashboard } from './service';

/** `/api/creator/*`: the creator dashboard. */
export async function creatorRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const dashboard = creatorDashboard(ctx);
  const schema = (response: typeof ZCreatorStats | typeof ZCreatorActivityList) => ({
    tags: ['creator'],
    response: { 200: response },
  });

  app.get('/api/creator/stats', { config: { access: 'creator' }, schema: schema(ZCreatorStats) }, async (req) =>
    dashboard.stats(signedInUser(req)),
  );
  app.get(
    '/api/creator/activity',
    { config: { access: 'creator' }, schema: schema(ZCreatorActivityList) },
    async (req) => dashboard.activity(signedInUser(req)),
  );
}
