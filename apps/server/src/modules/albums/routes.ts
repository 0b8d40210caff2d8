import multipart from '@fastify/multipart';
import {
  ALBUM_MESSAGES,
  PLAYLIST_COVER_MAX_BYTES,
  ZAlbum,
  ZAlbumCreate,
  ZAlbumList,
  ZAlbumUpdate,
} from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../lib/errors';
import { signedInUser } from '../../lib/guard';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { albumService } from './service';

const tags = ['albums'];
const Params = z.object({ id: z.string().min(1).max(100) });
const creatorWrite = { access: 'creator', rateLimit: RATE_LIMITS.write } as const;
const anyone = { access: 'public' } as const;

/** Albums and EPs: a creator's releases (CRUD, cover), an album's page, a creator's albums. */
export async function albumRoutes(root: FastifyInstance, ctx: AppContext) {
  await root.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const service = albumService(ctx);
    // Multipart only for the cover.
    await app.register(multipart, { limits: { fileSize: PLAYLIST_COVER_MAX_BYTES, files: 1, fields: 5 } });

    app.post(
      '/api/albums',
      { config: creatorWrite, schema: { tags, body: ZAlbumCreate, response: { 201: ZAlbum } } },
      async (req, reply) => reply.code(201).send(await service.create(signedInUser(req), req.body)),
    );
    app.get(
      '/api/albums/:id',
      { config: anyone, schema: { tags, params: Params, response: { 200: ZAlbum } } },
      async (req) => service.get(req.user?.id ?? null, req.params.id),
    );
    app.patch(
      '/api/albums/:id',
      { config: creatorWrite, schema: { tags, params: Params, body: ZAlbumUpdate, response: { 200: ZAlbum } } },
      async (req) => service.update(signedInUser(req), req.params.id, req.body),
    );
    app.delete('/api/albums/:id', { config: creatorWrite, schema: { tags, params: Params } }, async (req, reply) => {
      await service.remove(signedInUser(req), req.params.id);
      return reply.code(204).send();
    });
    app.put(
      '/api/albums/:id/cover',
      {
        config: { access: 'creator', rateLimit: RATE_LIMITS.heavyWrite },
        schema: { tags, params: Params, consumes: ['multipart/form-data'], response: { 200: ZAlbum } },
      },
      async (req) => {
        const user = signedInUser(req);
        if (!req.isMultipart()) throw badRequest(ALBUM_MESSAGES.coverRequired);
        const file = await req.file();
        if (!file) throw badRequest(ALBUM_MESSAGES.coverRequired);
        const data = await file.toBuffer();
        if (data.length === 0) throw badRequest(ALBUM_MESSAGES.coverRequired);
        return service.setCover(user, req.params.id, data);
      },
    );
    app.get('/api/albums/:id/cover', { config: anyone, schema: { tags, params: Params } }, async (req, reply) => {
      const cover = await service.cover(req.user?.id ?? null, req.params.id);
      return reply
        .header('Content-Type', cover.mime)
        .header('Content-Length', cover.size)
        .header('ETag', cover.etag)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', cover.released ? 'public, max-age=31536000, immutable' : 'private, max-age=3600')
        .send(cover.stream);
    });
    app.get(
      '/api/users/:id/albums',
      { config: anyone, schema: { tags, params: Params, response: { 200: ZAlbumList } } },
      async (req) => ({ items: await service.ofUser(req.user?.id ?? null, req.params.id) }),
    );
    app.get(
      '/api/tracks/:id/album',
      {
        config: anyone,
        schema: { tags, params: Params, response: { 200: z.object({ album: ZAlbum.nullable() }) } },
      },
      async (req) => {
        const albumId = await service.albumOfTrack(req.params.id);
        if (!albumId) return { album: null };
        // Hidden from this viewer: answered as no album (the track's own visibility is its page's).
        const album = await service.get(req.user?.id ?? null, albumId).catch((err: unknown) => {
          if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
          throw err;
        });
        return { album };
      },
    );
  });
}
