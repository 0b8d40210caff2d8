import { MESSAGES, ZShowSettings, ZShowSettingsInput } from '@wavecast/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDiscoverable } from '../../access/tracks';
import type { AppContext } from '../../context';
import { clientIp } from '../../lib/client-ip';
import { AppError } from '../../lib/errors';
import {
  FIXED_SECURITY_HEADERS,
  OWN_SECURITY_HEADERS,
  PUBLIC_IMAGE_HEADERS,
  PUBLIC_MEDIA_HEADERS,
} from '../../lib/fixed-headers';
import { signedInUser } from '../../lib/guard';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { analyticsService } from '../analytics/service';
import { cachedStat, cachedTrack } from '../delivery/cache';
import { notModified } from '../delivery/range';
import { answerObject, sendObject } from '../delivery/send-object';
import { enclosureOf } from './enclosure';
import { artVersion, ensureEpisodeArt } from './episode-art';
import { podcastService, type RenderedFeed } from './service';

const tags = ['podcasts'];
const Id = z.object({ id: z.string().max(100) });
// The file name is the episode's (`<slug>-<id>.m4a`); older feeds' `episode.m4a` still answer.
const EnclosureParams = z.object({ id: z.uuid(), file: z.string().max(200) });
const ArtParams = z.object({ id: z.uuid() });
// User ids are the auth library's (letters, digits), not UUIDs.
const ShowArtParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) });
const ArtQuery = z.object({ v: z.string().max(64).optional() });
const writeLimit = { rateLimit: RATE_LIMITS.settings };

/**
 * Podcast feeds (RSS 2.0 + iTunes + Podcasting 2.0) of each user's public tracks and each public
 * playlist, their enclosures and JSON chapters, and the creator's show settings.
 */
export async function podcastRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const podcasts = podcastService(ctx);
  const analytics = analyticsService(ctx);

  function sendFeed(req: FastifyRequest, reply: FastifyReply, feed: RenderedFeed) {
    reply
      .header('etag', feed.etag)
      .header('last-modified', feed.lastModified.toUTCString())
      .header('cache-control', 'public, no-cache')
      // Web podcast players read feeds from their own origin.
      .header('access-control-allow-origin', '*');
    const h = (n: string) => {
      const v = req.headers[n];
      return Array.isArray(v) ? v[0] : v;
    };
    if (
      notModified(
        { 'if-none-match': h('if-none-match'), 'if-modified-since': h('if-modified-since') },
        feed.etag,
        feed.lastModified,
      )
    ) {
      return reply.status(304).send();
    }
    return reply.type('application/rss+xml; charset=utf-8').send(req.method === 'HEAD' ? '' : feed.xml);
  }

  app.route({
    method: ['GET', 'HEAD'],
    url: '/feeds/creators/:id.xml',
    config: { access: 'public' },
    schema: { tags, params: Id },
    handler: async (req, reply) => sendFeed(req, reply, await podcasts.creatorFeed(req.params.id)),
  });
  app.route({
    method: ['GET', 'HEAD'],
    url: '/feeds/playlists/:id.xml',
    config: { access: 'public' },
    schema: { tags, params: z.object({ id: z.uuid() }) },
    handler: async (req, reply) => sendFeed(req, reply, await podcasts.playlistFeed(req.params.id)),
  });

  app.get(
    '/api/podcasts/chapters/:id.json',
    { config: { access: 'public' }, schema: { tags, params: Id } },
    async (req, reply) =>
      reply
        .header('access-control-allow-origin', '*')
        .header('cache-control', 'public, no-cache')
        .type('application/json+chapters')
        .send(JSON.stringify(await podcasts.chapters(req.params.id))),
  );

  // The enclosure: its own path (downloads by podcast apps can be counted apart from plays),
  // served by delivery's sendObject (Range, ETag, 304). Public, ready tracks only: a feed is anonymous.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/podcasts/enclosures/:id/:file',
    config: { access: 'public' },
    schema: { tags, params: EnclosureParams },
    ...OWN_SECURITY_HEADERS,
    async handler(req, reply) {
      reply.headers({ ...FIXED_SECURITY_HEADERS, ...PUBLIC_MEDIA_HEADERS });
      const track = await cachedTrack(ctx, req.params.id);
      if (!track || !isDiscoverable(track)) throw new AppError('NOT_FOUND', MESSAGES.audioNotFound);
      const enc = enclosureOf(track);
      const opts = { contentType: enc.type, cacheControl: 'public, max-age=3600' };
      // Count the download (IAB v2.1, modules/analytics) from the bytes this answer serves.
      const stat = await cachedStat(ctx, enc.key);
      const body = stat && answerObject(req.method, req.headers, stat, opts).body;
      if (stat && body) {
        // Counting never stands between a podcast app and its file.
        await analytics
          .recordDownload({
            trackId: track.id,
            duration: track.duration,
            size: stat.size,
            start: body.start,
            end: body.end,
            ip: clientIp(req, ctx.config.TRUST_PROXY_HEADER),
            userAgent: req.headers['user-agent'],
          })
          .catch((e: unknown) => req.log.error({ err: e }, 'podcast download not counted'));
      }
      return sendObject(ctx, req, reply, { key: enc.key, ...opts, missing: MESSAGES.audioNotFound });
    },
  });

  /** Stored podcast art: immutable at its current version, revalidated at any other URL. */
  function sendArt(req: FastifyRequest, reply: FastifyReply, key: string, current: boolean) {
    return sendObject(ctx, req, reply, {
      key,
      contentType: 'image/jpeg',
      cacheControl: current ? 'public, max-age=31536000, immutable' : 'public, no-cache',
      missing: 'Cover not found',
    });
  }

  // Episode art (1400 px square JPEG), made on first request and kept in storage (episode-art.ts).
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/podcasts/art/:id.jpg',
    config: { access: 'public' },
    schema: { tags, params: ArtParams, querystring: ArtQuery },
    ...OWN_SECURITY_HEADERS,
    async handler(req, reply) {
      reply.headers({ ...FIXED_SECURITY_HEADERS, ...PUBLIC_IMAGE_HEADERS });
      const track = await cachedTrack(ctx, req.params.id);
      if (!track || !isDiscoverable(track)) throw new AppError('NOT_FOUND', MESSAGES.audioNotFound);
      const key = await ensureEpisodeArt(ctx, track);
      return sendArt(req, reply, key, req.query.v === artVersion(track));
    },
  });

  // The channel images of creator and playlist feeds (1400 px square JPEG, channel-art.ts).
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/podcasts/show-art/:id.jpg',
    config: { access: 'public' },
    schema: { tags, params: ShowArtParams, querystring: ArtQuery },
    ...OWN_SECURITY_HEADERS,
    async handler(req, reply) {
      reply.headers({ ...FIXED_SECURITY_HEADERS, ...PUBLIC_IMAGE_HEADERS });
      const art = await podcasts.showArt(req.params.id);
      return sendArt(req, reply, art.key, req.query.v === art.version);
    },
  });
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/podcasts/playlist-art/:id.jpg',
    config: { access: 'public' },
    schema: { tags, params: ArtParams, querystring: ArtQuery },
    ...OWN_SECURITY_HEADERS,
    async handler(req, reply) {
      reply.headers({ ...FIXED_SECURITY_HEADERS, ...PUBLIC_IMAGE_HEADERS });
      const art = await podcasts.playlistArt(req.params.id);
      return sendArt(req, reply, art.key, req.query.v === art.version);
    },
  });

  app.get(
    '/api/podcasts/show',
    { config: { access: 'creator' }, schema: { tags, response: { 200: ZShowSettings } } },
    async (req) => podcasts.settings(signedInUser(req)),
  );
  app.put(
    '/api/podcasts/show',
    {
      config: { access: 'creator', ...writeLimit },
      schema: { tags, body: ZShowSettingsInput, response: { 200: ZShowSettings } },
    },
    async (req) => podcasts.saveSettings(signedInUser(req), req.body),
  );
}
