import { ZActivityList, ZCursorQuery, ZFollowingPage, ZProfile, ZTrackPage, ZUserIdParams } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { profileService } from './service';

const tags = ['profiles'];
const config = { access: 'public' } as const;

/** Creator and listener profile pages: the profile, its tracks, activity and (owner only) following. */
export async function profileRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = profileService(ctx);

  app.get(
    '/api/profiles/:id',
    { config, schema: { tags, params: ZUserIdParams, response: { 200: ZProfile } } },
    async (req) => service.get(req.user, req.params.id),
  );
  app.get(
    '/api/profiles/:id/tracks',
    { config, schema: { tags, params: ZUserIdParams, querystring: ZCursorQuery, response: { 200: ZTrackPage } } },
    async (req) => service.tracks(req.user, req.params.id, req.query.cursor),
  );
  app.get(
    '/api/profiles/:id/reposts',
    { config, schema: { tags, params: ZUserIdParams, querystring: ZCursorQuery, response: { 200: ZTrackPage } } },
    async (req) => service.reposts(req.user, req.params.id, req.query.cursor),
  );
  app.get(
    '/api/profiles/:id/following',
    { config, schema: { tags, params: ZUserIdParams, querystring: ZCursorQuery, response: { 200: ZFollowingPage } } },
    async (req) => service.following(req.user, req.params.id, req.query.cursor),
  );
  app.get(
    '/api/profiles/:id/activity',
    { config, schema: { tags, params: ZUserIdParams, response: { 200: ZActivityList } } },
    async (req) => ({ items: await service.activity(req.user, req.params.id) }),
  );
}
