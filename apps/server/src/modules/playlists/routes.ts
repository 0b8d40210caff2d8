import multipart from '@fastify/multipart';
import {
  PLAYLIST_COVER_MAX_BYTES,
  PLAYLIST_MESSAGES,
  ZAddPlaylistTrack,
  ZCreatePlaylist,
  ZMovePlaylistItem,
  ZMyPlaylistsQuery,
  ZPlaylist,
  ZPlaylistItemParams,
  ZPlaylistList,
  ZPlaylistParams,
  ZPlaylistSearchQuery,
  ZUpdatePlaylist,
} from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';
import { PUBLIC_IMAGE_HEADERS } from '../../lib/fixed-headers';
import { signedInUser } from '../../lib/guard';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { presentItem, presentPlaylist, presentSummary } from './presenter';
import { playlistService } from './service';

const tags = ['playlists'];
const writeConfig = { access: 'user', rateLimit: RATE_LIMITS.listenerWrite } as const;
const signedIn = { access: 'user' } as const;
const anyone = { access: 'public' } as const;

/** Playlists: CRUD, entries (add, remove, move), cover, a user's playlists, public playlist search. */
export async function playlistRoutes(root: FastifyInstance, ctx: AppContext) {
  await root.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const service = playlistService(ctx);
    // Multipart only for this module's cover upload.
    await app.register(multipart, { limits: { fileSize: PLAYLIST_COVER_MAX_BYTES, files: 1, fields: 5 } });

    const present = (viewerId: string | null, loaded: Awaited<ReturnType<typeof service.load>>) =>
      presentPlaylist(
        loaded.summary,
        loaded.items.map(({ row, position }) => presentItem(row, position, viewerId)),
        viewerId,
      );

    app.get(
      '/api/playlists/mine',
      { config: signedIn, schema: { tags, querystring: ZMyPlaylistsQuery, response: { 200: ZPlaylistList } } },
      async (req) => {
        const mine = await service.mine(signedInUser(req), req.query.trackId);
        return {
          items: mine.map(({ row, containsTrack }) => ({
            ...presentSummary(row),
            ...(containsTrack !== undefined ? { containsTrack } : {}),
          })),
        };
      },
    );

    app.post(
      '/api/playlists',
      { config: writeConfig, schema: { tags, body: ZCreatePlaylist, response: { 201: ZPlaylist } } },
      async (req, reply) => {
        const user = signedInUser(req);
        return reply.status(201).send(present(user.id, await service.create(user, req.body)));
      },
    );

    app.get(
      '/api/playlists/:id',
      { config: anyone, schema: { tags, params: ZPlaylistParams, response: { 200: ZPlaylist } } },
      async (req) => present(req.user?.id ?? null, await service.load(req.user?.id ?? null, req.params.id)),
    );

    app.patch(
      '/api/playlists/:id',
      {
        config: writeConfig,
        schema: { tags, params: ZPlaylistParams, body: ZUpdatePlaylist, response: { 200: ZPlaylist } },
      },
      async (req) => {
        const user = signedInUser(req);
        return present(user.id, await service.update(user, req.params.id, req.body));
      },
    );

    app.delete(
      '/api/playlists/:id',
      { config: writeConfig, schema: { tags, params: ZPlaylistParams } },
      async (req, reply) => {
        await service.remove(signedInUser(req), req.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/playlists/:id/tracks',
      {
        config: writeConfig,
        schema: { tags, params: ZPlaylistParams, body: ZAddPlaylistTrack, response: { 200: ZPlaylist } },
      },
      async (req) => {
        const user = signedInUser(req);
        return present(user.id, await service.addTrack(user, req.params.id, req.body.trackId));
      },
    );

    app.delete(
      '/api/playlists/:id/items/:itemId',
      { config: writeConfig, schema: { tags, params: ZPlaylistItemParams, response: { 200: ZPlaylist } } },
      async (req) => {
        const user = signedInUser(req);
        return present(user.id, await service.removeItem(user, req.params.id, req.params.itemId));
      },
    );

    app.post(
      '/api/playlists/:id/items/:itemId/move',
      {
        config: writeConfig,
        schema: { tags, params: ZPlaylistItemParams, body: ZMovePlaylistItem, response: { 200: ZPlaylist } },
      },
      async (req) => {
        const user = signedInUser(req);
        const { id, itemId } = req.params;
        return present(user.id, await service.moveItem(user, id, itemId, req.body.toPosition));
      },
    );

    app.put(
      '/api/playlists/:id/cover',
      {
        config: { access: 'user', rateLimit: RATE_LIMITS.heavyWrite },
        schema: { tags, params: ZPlaylistParams, consumes: ['multipart/form-data'], response: { 200: ZPlaylist } },
      },
      async (req) => {
        const user = signedInUser(req);
        if (!req.isMultipart()) throw badRequest(PLAYLIST_MESSAGES.coverRequired);
        const file = await req.file();
        if (!file) throw badRequest(PLAYLIST_MESSAGES.coverRequired);
        const data = await file.toBuffer();
        if (data.length === 0) throw badRequest(PLAYLIST_MESSAGES.coverRequired);
        return present(user.id, await service.setCover(user, req.params.id, data));
      },
    );

    app.delete(
      '/api/playlists/:id/cover',
      { config: writeConfig, schema: { tags, params: ZPlaylistParams, response: { 200: ZPlaylist } } },
      async (req) => {
        const user = signedInUser(req);
        return present(user.id, await service.clearCover(user, req.params.id));
      },
    );

    app.get(
      '/api/playlists/:id/cover',
      { config: anyone, schema: { tags, params: ZPlaylistParams } },
      async (req, reply) => {
        const cover = await service.cover(req.user?.id ?? null, req.params.id);
        // The URL carries a version, so a public cover can be cached for good; private ones stay private.
        return reply
          .header('Content-Type', cover.mime)
          .header('Content-Length', cover.size)
          .header('ETag', cover.etag)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', cover.isPublic ? 'public, max-age=31536000, immutable' : 'private, max-age=3600')
          .headers(cover.isPublic ? PUBLIC_IMAGE_HEADERS : {})
          .send(cover.stream);
      },
    );

    app.get(
      '/api/users/:id/playlists',
      {
        config: anyone,
        schema: { tags, params: z.object({ id: z.string().min(1).max(100) }), response: { 200: ZPlaylistList } },
      },
      async (req) => ({ items: (await service.ofUser(req.user?.id ?? null, req.params.id)).map(presentSummary) }),
    );

    app.get(
      '/api/search/playlists',
      { config: anyone, schema: { tags, querystring: ZPlaylistSearchQuery, response: { 200: ZPlaylistList } } },
      async (req) => ({ items: (await service.search(req.user?.id ?? null, req.query.q)).map(presentSummary) }),
    );
  });
}
