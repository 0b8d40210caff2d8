import multipart from '@fastify/multipart';
import { MESSAGES, ZTrackPage, ZTrackResponse, ZTrackUpdate, ZUploadLimits } from '@wavecast/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';
import { signedInUser } from '../../lib/guard';
import { refuseNulParts } from '../../lib/nul';
import { RATE_LIMITS } from '../../lib/rate-limits';
import type { SessionUser } from '../../lib/session';
import { presentTrack, presentTrackFor } from './presenter';
import { type TrackService, trackService } from './service';

const Params = z.object({ id: z.string().max(100) });
const anyone = { access: 'public' } as const;
const signedIn = { access: 'user' } as const;
const ListQuery = z.object({
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

const present = (viewer: SessionUser | null, found: Awaited<ReturnType<TrackService['getTrack']>>) => ({
  track: presentTrackFor(viewer, found.track, found.creator),
});

function multipartParts(req: FastifyRequest) {
  if (!req.isMultipart()) throw badRequest('Send the upload as multipart/form-data.');
  return refuseNulParts(req.parts());
}

/**
 * When an upload is refused midway, the rest of the body is read and dropped so the client gets
 * the answer (a paused request would leave it waiting until a timeout).
 */
async function drainingOnError<T>(req: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    req.raw.unpipe();
    req.raw.resume();
    throw e;
  }
}

/** Tracks: upload, read, edit, delete (delivery and the creator dashboard register on their own). */
export async function trackRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scope) => editRoutes(scope, ctx));
}

async function editRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tracks = trackService(ctx);
  const tags = ['tracks'];

  // Public: the upload page refuses an oversized file before sending a byte of it.
  r.get(
    '/api/tracks/upload-limits',
    { config: anyone, schema: { tags, response: { 200: ZUploadLimits } } },
    async () => ({
      maxUploadBytes: ctx.config.MAX_UPLOAD_BYTES,
    }),
  );

  r.get(
    '/api/tracks/:id',
    { config: anyone, schema: { tags, params: Params, response: { 200: ZTrackResponse } } },
    async (req) => present(req.user, await tracks.getTrack(req.user, req.params.id)),
  );

  r.get(
    '/api/me/tracks',
    { config: signedIn, schema: { tags, querystring: ListQuery, response: { 200: ZTrackPage } } },
    async (req) => {
      const user = signedInUser(req);
      const page = await tracks.listMyTracks(user, req.query);
      return {
        items: page.rows.map((row) => presentTrack(row.track, row.creator, { viewerId: user.id })),
        nextCursor: page.nextCursor,
      };
    },
  );

  r.patch(
    '/api/tracks/:id',
    { config: signedIn, schema: { tags, params: Params, body: ZTrackUpdate, response: { 200: ZTrackResponse } } },
    async (req) => {
      const user = signedInUser(req);
      return present(user, await tracks.updateTrack(user, req.params.id, req.body));
    },
  );

  r.delete('/api/tracks/:id', { config: signedIn, schema: { tags, params: Params } }, async (req, reply) => {
    await tracks.deleteTrack(signedInUser(req), req.params.id);
    return reply.code(204).send();
  });

  // Multipart only here, streamed part by part; busboy stops a file at the configured size.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: ctx.config.MAX_UPLOAD_BYTES,
        files: 2,
        fields: 20,
        fieldSize: 256 * 1024,
        parts: 25,
        headerPairs: 100,
      },
    });
    const s = scope.withTypeProvider<ZodTypeProvider>();

    s.post(
      '/api/tracks',
      {
        schema: { tags, response: { 201: ZTrackResponse } },
        // Refused before a byte of the upload is read.
        config: {
          access: 'user',
          unauthenticatedMessage: MESSAGES.mustBeLoggedInToUpload,
          rateLimit: RATE_LIMITS.trackUpload,
        },
      },
      async (req, reply) => {
        const user = signedInUser(req);
        const created = await drainingOnError(req, () => tracks.uploadTrack(user, multipartParts(req)));
        return reply.code(201).send(present(user, created));
      },
    );

    s.put(
      '/api/tracks/:id/cover',
      {
        schema: { tags, params: Params, response: { 200: ZTrackResponse } },
        config: { access: 'user', rateLimit: RATE_LIMITS.trackUpload },
      },
      async (req) => {
        const user = signedInUser(req);
        const found = await drainingOnError(req, () => tracks.replaceCover(user, req.params.id, multipartParts(req)));
        return present(user, found);
      },
    );
  });
}
