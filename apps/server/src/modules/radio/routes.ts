import multipart from '@fastify/multipart';
import {
  PLAYLIST_COVER_MAX_BYTES,
  RADIO_MESSAGES,
  RADIO_PLAYS_DAYS,
  ZRadioChannel,
  ZRadioChannelDetail,
  ZRadioChannelInput,
  ZRadioChannelList,
  ZRadioChannelUpdate,
  ZRadioHistory,
  ZRadioKeyCreated,
  ZRadioPlays,
  ZRadioProgram,
} from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../lib/errors';
import { signedInUser } from '../../lib/guard';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { channelRss } from './channel-feed';
import { playlistFile } from './playlist-files';
import { RadioRuntime } from './runtime';
import { radioService } from './service';

const tags = ['radio'];
const Params = z.object({ id: z.string().min(1).max(100) });
const creatorWrite = { access: 'creator', rateLimit: RATE_LIMITS.write } as const;
const anyone = { access: 'public' } as const;
const ON_AIR_PAGE = 24;

/**
 * Radio channels (issue 38): the creator's channels and programs (`/api/radio/channels`, creators),
 * a channel's public answers (page, history, cover, M3U/PLS) and the channels on air.
 */
export async function radioRoutes(root: FastifyInstance, ctx: AppContext) {
  await root.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const service = radioService(ctx);
    // The engines of the channels this process airs; DJ keys reach them through the encoder ingest.
    const runtime = new RadioRuntime(ctx, root.live, service, (msg, err) => root.log.error({ err }, msg));
    root.encoderIngest?.setRadioDj(runtime.admitDj, runtime.djMetadata);
    root.addHook('onReady', async () => {
      void runtime.resumeOnAir().catch((e) => root.log.error({ err: e }, 'radio: resuming channels failed'));
    });
    root.addHook('onClose', () => runtime.close());
    // Multipart only for the cover.
    await app.register(multipart, { limits: { fileSize: PLAYLIST_COVER_MAX_BYTES, files: 1, fields: 5 } });

    app.get(
      '/api/radio/channels',
      {
        config: anyone,
        schema: {
          tags,
          // `category`: a live category ('Talk Shows') or an Explore one ('podcasts'), as Explore's live lists take.
          querystring: z.object({
            q: z.string().trim().max(200).optional(),
            category: z.string().trim().max(50).optional(),
          }),
          response: { 200: ZRadioChannelList },
        },
      },
      async (req) => ({
        items: await service.onAir(ON_AIR_PAGE, req.query.q || undefined, req.query.category || undefined),
      }),
    );
    app.get(
      '/api/radio/plays',
      { config: { access: 'creator' }, schema: { tags, response: { 200: ZRadioPlays } } },
      async (req) => {
        const since = new Date(ctx.clock.now().getTime() - RADIO_PLAYS_DAYS * 86_400_000);
        const rows = await service.radioPlaysOf(signedInUser(req).id, since);
        const items = rows
          .map((r) => ({ trackId: r.audio_id, plays: Number(r.plays) }))
          .sort((a, b) => b.plays - a.plays);
        return { total: items.reduce((n, i) => n + i.plays, 0), items };
      },
    );
    app.get(
      '/api/radio/mine',
      { config: { access: 'creator' }, schema: { tags, response: { 200: ZRadioChannelList } } },
      async (req) => ({ items: await service.mine(signedInUser(req)) }),
    );
    app.post(
      '/api/radio/channels',
      { config: creatorWrite, schema: { tags, body: ZRadioChannelInput, response: { 201: ZRadioChannelDetail } } },
      async (req, reply) => reply.code(201).send(await service.create(signedInUser(req), req.body)),
    );
    app.get(
      '/api/radio/channels/:id',
      { config: anyone, schema: { tags, params: Params, response: { 200: ZRadioChannel } } },
      async (req) => service.get(req.user?.id ?? null, req.params.id),
    );
    app.get(
      '/api/radio/channels/:id/manage',
      { config: { access: 'creator' }, schema: { tags, params: Params, response: { 200: ZRadioChannelDetail } } },
      async (req) => service.detail(signedInUser(req), req.params.id),
    );
    app.patch(
      '/api/radio/channels/:id',
      {
        config: creatorWrite,
        schema: { tags, params: Params, body: ZRadioChannelUpdate, response: { 200: ZRadioChannelDetail } },
      },
      async (req) => service.update(signedInUser(req), req.params.id, req.body),
    );
    app.delete(
      '/api/radio/channels/:id',
      { config: creatorWrite, schema: { tags, params: Params } },
      async (req, reply) => {
        await service.remove(signedInUser(req), req.params.id);
        return reply.code(204).send();
      },
    );
    app.put(
      '/api/radio/channels/:id/program',
      {
        config: creatorWrite,
        schema: { tags, params: Params, body: ZRadioProgram, response: { 200: ZRadioChannelDetail } },
      },
      async (req) => service.setProgram(signedInUser(req), req.params.id, req.body),
    );
    app.post(
      '/api/radio/channels/:id/on-air',
      { config: creatorWrite, schema: { tags, params: Params, response: { 200: ZRadioChannel } } },
      async (req) => {
        const channel = await service.goOnAir(signedInUser(req), req.params.id);
        await runtime.start(channel.id);
        return service.get(req.user?.id ?? null, channel.id);
      },
    );
    app.post(
      '/api/radio/channels/:id/off-air',
      { config: creatorWrite, schema: { tags, params: Params, response: { 200: ZRadioChannel } } },
      async (req) => {
        const channel = await service.goOffAir(signedInUser(req), req.params.id);
        await runtime.stop(channel.id);
        return channel;
      },
    );
    app.post(
      '/api/radio/channels/:id/key',
      {
        config: { access: 'creator', rateLimit: RATE_LIMITS.settings },
        schema: { tags, params: Params, response: { 200: ZRadioKeyCreated } },
      },
      async (req) => service.newKey(signedInUser(req), req.params.id),
    );
    app.get(
      '/api/radio/channels/:id/history',
      { config: anyone, schema: { tags, params: Params, response: { 200: ZRadioHistory } } },
      async (req) => ({ items: await service.history(req.user?.id ?? null, req.params.id) }),
    );
    app.put(
      '/api/radio/channels/:id/cover',
      {
        config: { access: 'creator', rateLimit: RATE_LIMITS.heavyWrite },
        schema: { tags, params: Params, consumes: ['multipart/form-data'], response: { 200: ZRadioChannelDetail } },
      },
      async (req) => {
        const user = signedInUser(req);
        if (!req.isMultipart()) throw badRequest(RADIO_MESSAGES.coverRequired);
        const file = await req.file();
        const data = file ? await file.toBuffer() : null;
        if (!data?.length) throw badRequest(RADIO_MESSAGES.coverRequired);
        return service.setCover(user, req.params.id, data);
      },
    );
    app.delete(
      '/api/radio/channels/:id/cover',
      { config: creatorWrite, schema: { tags, params: Params, response: { 200: ZRadioChannelDetail } } },
      async (req) => service.clearCover(signedInUser(req), req.params.id),
    );
    app.get(
      '/api/radio/channels/:id/cover',
      { config: anyone, schema: { tags, params: Params } },
      async (req, reply) => {
        const cover = await service.cover(req.user?.id ?? null, req.params.id);
        return reply
          .header('Content-Type', cover.mime)
          .header('Content-Length', cover.size)
          .header('ETag', cover.etag)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'public, max-age=3600')
          .send(cover.stream);
      },
    );
    // The channel's one stable listening address: the relay stream it airs on now.
    app.get(
      '/api/radio/channels/:id/stream',
      { config: anyone, schema: { tags, params: Params } },
      async (req, reply) => {
        const channel = await service.get(req.user?.id ?? null, req.params.id);
        if (!channel.onAir || !channel.streamId) throw new AppError('NOT_FOUND', RADIO_MESSAGES.notOnAir);
        return reply.header('Cache-Control', 'no-store').redirect(`/api/live/${channel.streamId}/stream`, 302);
      },
    );
    // M3U and PLS entries for desktop players (VLC, Winamp, foobar2000): the stable address above.
    for (const kind of ['m3u', 'pls'] as const)
      app.get(
        `/api/radio/channels/:id/listen.${kind}`,
        { config: anyone, schema: { tags, params: Params } },
        async (req, reply) => {
          const channel = await service.get(req.user?.id ?? null, req.params.id);
          const file = playlistFile(
            kind,
            channel.name,
            `${ctx.config.PUBLIC_URL}/api/radio/channels/${channel.id}/stream`,
          );
          return reply
            .header('Content-Type', file.contentType)
            .header('Content-Disposition', `attachment; filename="channel.${kind}"`)
            .header('Cache-Control', 'public, max-age=300')
            .send(file.body);
        },
      );
    // The RSS entry (podcast and radio apps): the same stable address as the enclosure.
    app.get(
      '/api/radio/channels/:id/feed.rss',
      { config: anyone, schema: { tags, params: Params } },
      async (req, reply) => {
        const channel = await service.get(req.user?.id ?? null, req.params.id);
        return reply
          .type('application/rss+xml; charset=utf-8')
          .header('Cache-Control', 'public, max-age=300')
          .send(channelRss(channel, ctx.config.PUBLIC_URL.replace(/\/+$/, '')));
      },
    );
  });
}
