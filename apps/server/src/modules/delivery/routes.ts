import { DEFAULT_COVER_URL, isUuid, MESSAGES } from '@wavecast/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canSeeTrack, isDiscoverable } from '../../access/tracks';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import {
  FIXED_SECURITY_HEADERS,
  OWN_SECURITY_HEADERS,
  PUBLIC_IMAGE_HEADERS,
  PUBLIC_MEDIA_HEADERS,
} from '../../lib/fixed-headers';
import { COVER_SIZES } from '../../media/cover';
import { canDownloadTrack } from '../tracks/policy';
import { coverVersion, streamVersion } from '../tracks/presenter';
import { cachedHdListening, cachedTrack, type DeliveryTrack } from './cache';
import { attachmentDisposition, sendObject } from './send-object';
import { cacheControl, pickStream, sessionToken, variesByViewer } from './stream-choice';

const Params = z.object({ id: z.string().max(100) });
const StreamQuery = z.object({
  v: z.string().max(64).optional(),
  format: z.enum(['opus', 'aac', 'original']).optional(),
});
const CoverQuery = z.object({
  v: z.string().max(64).optional(),
  size: z.coerce.number().int().optional(),
});
const VersionQuery = z.object({ v: z.string().max(64).optional() });

/** The track if this viewer may have it; 404 'Audio not found' otherwise (never 403: no leaks). */
async function visibleTrack(ctx: AppContext, req: FastifyRequest, id: string): Promise<DeliveryTrack> {
  const track = isUuid(id) ? await cachedTrack(ctx, id) : null;
  if (!track || !canSeeTrack(req.user?.id ?? null, track)) throw new AppError('NOT_FOUND', MESSAGES.audioNotFound);
  return track;
}

/** Media is public by route: each answer is the visibility rule's (404 to whoever may not see it). */
const anyone = { access: 'public' } as const;

const extOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/** Audio, covers and peaks, with Range and caching; private and processing tracks 404 to others. */
export async function deliveryRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scope) => mediaRoutes(scope, ctx));
}

async function mediaRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tracks'];
  // Headers go on before anything can fail, so errors (404) carry them too.
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(FIXED_SECURITY_HEADERS);
  });

  r.route({
    method: ['GET', 'HEAD'],
    url: '/api/tracks/:id/stream',
    config: anyone,
    schema: { tags, params: Params, querystring: StreamQuery },
    ...OWN_SECURITY_HEADERS,
    async handler(req, reply) {
      const track = await visibleTrack(ctx, req, req.params.id);
      // The HD rendition is the server's choice from the viewer's plan (no URL names it), asked
      // only for a signed-in viewer of a track that has one, and cached per viewer.
      const varies = variesByViewer(track, req.query.format);
      const personal = varies && req.user !== null;
      // Anyone's to fetch from any site, unless the answer depends on the viewer's plan.
      if (!varies && canSeeTrack(null, track)) reply.headers(PUBLIC_MEDIA_HEADERS);
      // req.user is set: the auth hook has just verified this request's session token.
      const hd =
        personal && req.user ? await cachedHdListening(ctx, req.user, sessionToken(req.headers.cookie)) : false;
      const { key, type } = pickStream(track, req.query.format, hd);
      if (varies) reply.header('vary', 'Cookie');
      return sendObject(ctx, req, reply, {
        key,
        contentType: type,
        cacheControl: cacheControl(track, req.query.v === streamVersion(track), personal),
        missing: MESSAGES.audioNotFound,
        signedLink: true,
      });
    },
  });

  r.route({
    method: ['GET', 'HEAD'],
    url: '/api/tracks/:id/download',
    config: anyone,
    schema: { tags, params: Params },
    ...OWN_SECURITY_HEADERS,
    async handler(req, reply) {
      const track = await visibleTrack(ctx, req, req.params.id);
      if (!canDownloadTrack(req.user, track)) {
        throw new AppError('FORBIDDEN', 'The creator does not allow downloads of this audio.');
      }
      if (canDownloadTrack(null, track)) reply.headers(PUBLIC_MEDIA_HEADERS);
      return sendObject(ctx, req, reply, {
        key: track.audioKey,
        contentType: track.audioMime,
        cacheControl: `${isDiscoverable(track) ? 'public' : 'private'}, max-age=3600`,
        disposition: attachmentDisposition(track.title, extOf(track.audioKey)),
        missing: MESSAGES.audioNotFound,
      });
    },
  });

  r.route({
    method: ['GET', 'HEAD'],
    url: '/api/tracks/:id/cover',
    config: anyone,
    schema: { tags, params: Params, querystring: CoverQuery },
    ...OWN_SECURITY_HEADERS,
    async handler(req, reply) {
      const track = await visibleTrack(ctx, req, req.params.id);
      if (canSeeTrack(null, track)) reply.headers(PUBLIC_IMAGE_HEADERS);
      if (!track.coverKey) return reply.redirect(DEFAULT_COVER_URL, 302);
      const sizes = track.media?.coverKeys ?? {};
      // The smallest made size that is at least the asked one; the largest made size by default.
      const wanted = req.query.size ?? COVER_SIZES[COVER_SIZES.length - 1];
      const size = COVER_SIZES.find((s) => s >= wanted && sizes[String(s)]);
      const key = size ? sizes[String(size)] : track.coverKey;
      const type = size ? 'image/jpeg' : `image/${extOf(track.coverKey) === 'jpg' ? 'jpeg' : extOf(track.coverKey)}`;
      return sendObject(ctx, req, reply, {
        key,
        contentType: type,
        cacheControl: cacheControl(track, req.query.v === coverVersion(track)),
        missing: 'Cover not found',
      });
    },
  });

  r.get(
    '/api/tracks/:id/peaks',
    { config: anyone, schema: { tags, params: Params, querystring: VersionQuery }, ...OWN_SECURITY_HEADERS },
    async (req, reply) => {
      const track = await visibleTrack(ctx, req, req.params.id);
      if (!track.peaks) throw new AppError('NOT_FOUND', 'The waveform is not ready yet');
      return reply
        .header('cache-control', cacheControl(track, req.query.v === streamVersion(track)))
        .send({ peaks: track.peaks });
    },
  );
}
