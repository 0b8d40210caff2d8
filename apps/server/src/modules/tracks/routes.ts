import multipart from '@fastify/multipart';
import { MESSAGES, ZTrackPage, ZTrackResponse, ZTrackUpdate, ZUploadLimits } from '@wavecast/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden } from '../../lib/errors';
import { refuseNulParts } from '../../lib/nul';
import { isAllowedOrigin } from '../../lib/origin';
import { requireUser, type SessionUser } from '../../lib/session';
import { presentTrack, presentTrackFor } from './presenter';
import { deleteTrack, getTrack, listMyTracks, replaceCover, updateTrack, uploadTrack } from './service';

const Params = z.object({ id: z.string().max(100) });
const ListQuery = z.object({
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

const present = (viewer: SessionUser | null, found: Awaited<ReturnType<typeof getTrack>>) => ({
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
  await app.register(async (scope) => {
    // State-changing requests must come from our own pages (cookies alone are not enough).
    scope.addHook('onRequest', async (req) => {
      if (req.method === 'GET' || req.method === 'HEAD') return;
      if (!isAllowedOrigin(req.headers.origin, req.headers.host, ctx.config.PUBLIC_URL)) throw forbidden('Bad origin');
    });
    await editRoutes(scope, ctx);
  });
}

async function editRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tracks'];

  // Public: the upload page refuses an oversized file before sending a byte of it.
  r.get('/api/tracks/upload-limits', { schema: { tags, response: { 200: ZUploadLimits } } }, async () => ({
    maxUploadBytes: ctx.config.MAX_UPLOAD_BYTES,
  }));

  r.get('/api/tracks/:id', { schema: { tags, params: Params, response: { 200: ZTrackResponse } } }, async (req) =>
    present(req.user, await getTrack(ctx, req.user, req.params.id)),
  );

  r.get('/api/me/tracks', { schema: { tags, querystring: ListQuery, response: { 200: ZTrackPage } } }, async (req) => {
    const user = requireUser(req);
    const page = await listMyTracks(ctx, user, req.query);
    return {
      items: page.rows.map((row) => presentTrack(row.track, row.creator, { viewerId: user.id })),
      nextCursor: page.nextCursor,
    };
  });

  r.patch(
    '/api/tracks/:id',
    { schema: { tags, params: Params, body: ZTrackUpdate, response: { 200: ZTrackResponse } } },
    async (req) => {
      const user = requireUser(req);
      return present(user, await updateTrack(ctx, user, req.params.id, req.body));
    },
  );

  r.delete('/api/tracks/:id', { schema: { tags, params: Params } }, async (req, reply) => {
    await deleteTrack(ctx, requireUser(req), req.params.id);
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
        config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
      },
      async (req, reply) => {
        if (!req.user) throw new AppError('UNAUTHENTICATED', MESSAGES.mustBeLoggedInToUpload);
        const user = req.user;
        const created = await drainingOnError(req, () => uploadTrack(ctx, user, multipartParts(req)));
        return reply.code(201).send(present(req.user, created));
      },
    );

    s.put(
      '/api/tracks/:id/cover',
      {
        schema: { tags, params: Params, response: { 200: ZTrackResponse } },
        config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
      },
      async (req) => {
        const user = requireUser(req);
        const found = await drainingOnError(req, () => replaceCover(ctx, user, req.params.id, multipartParts(req)));
        return present(user, found);
      },
    );
  });
}
