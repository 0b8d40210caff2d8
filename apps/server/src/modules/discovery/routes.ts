import { ZHome, ZLiveStreamCard, ZSearchQuery, ZSearchResults, ZTrackListQuery, ZTrackPage } from '@wavecast/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { publicCache } from './public-cache';
import { discoveryService } from './service';

const tags = ['discovery'];
const anyone = { access: 'public' } as const;
/** Sends JSON composed by the service (already in the schema's shape): Fastify sends a string as it is. */
const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);
const ExploreLiveQuery = ZTrackListQuery.pick({ q: true, category: true });

/** Home, Explore, Categories and Search reads: only public, ready tracks and active streams. */
export async function discoveryRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = discoveryService(ctx);
  const viewerId = (req: { user: { id: string } | null }) => req.user?.id ?? null;
  // The busiest reads: anonymous visitors share one answer per URL for a moment (see PublicCache).
  const shared = publicCache(ctx).routeOptions;

  // Both answer JSON they compose themselves (shared rows + the viewer's flags, compose.ts): the
  // schema documents it; Fastify sends a string as it is.
  app.get('/api/home', { ...shared, config: anyone, schema: { tags, response: { 200: ZHome } } }, async (req, reply) =>
    sendJson(reply, await service.home(viewerId(req))),
  );

  app.get(
    '/api/explore/tracks',
    { ...shared, config: anyone, schema: { tags, querystring: ZTrackListQuery, response: { 200: ZTrackPage } } },
    async (req, reply) => sendJson(reply, await service.listTracks(viewerId(req), req.query)),
  );

  app.get(
    '/api/explore/live',
    {
      config: anyone,
      schema: { tags, querystring: ExploreLiveQuery, response: { 200: z.object({ items: z.array(ZLiveStreamCard) }) } },
    },
    async (req) => ({ items: await service.exploreLive(req.query) }),
  );

  app.get(
    '/api/search',
    { config: anyone, schema: { tags, querystring: ZSearchQuery, response: { 200: ZSearchResults } } },
    async (req) => service.search(viewerId(req), req.query.q, req.query.type),
  );
}
