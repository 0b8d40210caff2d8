import {
  isUuid,
  ZCreateLiveStream,
  ZLiveChatList,
  ZLiveChatMessage,
  ZLiveList,
  ZLiveListQuery,
  ZLiveStream,
  ZMuteUser,
  ZMyLiveStream,
  ZPostLiveChat,
  ZPublishRecording,
} from '@wavecast/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { clientIp } from '../../lib/client-ip';
import { notFound } from '../../lib/errors';
import { PUBLIC_MEDIA_HEADERS } from '../../lib/fixed-headers';
import { signedInUser } from '../../lib/guard';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { ivtSettings, sourceIvt } from '../../lib/traffic';
import { socketSink } from '../../relay/hub';
import { ICY_METAINT, icySink } from '../../relay/icy';
import { analyticsService } from '../analytics/service';
import { listenerCookies } from '../plays/listener-cookie';
import { EncoderIngest } from './encoder/encoder-ingest';
import type { HlsFile } from './hls';
import { type HlsListener, HlsListenerSessions } from './hls-listeners';
import { streamKeyRoutes } from './keys-routes';
import { subscribeLiveLifecycle } from './lifecycle';
import { LiveService, type LiveServiceOptions } from './service';
import { streamKeysService } from './stream-keys';

const tags = ['live'];
const Params = z.object({ id: z.string().refine(isUuid, 'Stream not found') });
const MessageParams = Params.extend({ messageId: z.string().refine(isUuid, 'Message not found') });
const HlsFileParams = Params.extend({ run: z.string().regex(/^r[0-9a-f]{8}$/), file: z.string().max(40) });
const HlsQuery = z.object({
  _HLS_msn: z.coerce.number().int().min(0).optional(),
  _HLS_part: z.coerce.number().int().min(0).optional(),
});
const MuteParams = Params.extend({ userId: z.string().min(1).max(200) });

/**
 * Live broadcasting: streams (create, get, list, end), the endless WebM for listeners, chat with
 * moderation, and the recording. The publisher's WebSocket is `realtime/ingest-socket.ts`.
 */
export async function liveRoutes(root: FastifyInstance, ctx: AppContext, opts: LiveServiceOptions = {}) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = new LiveService(ctx, (msg, err) => root.log.error({ err }, msg), opts);
  root.decorate('live', service);
  const analytics = analyticsService(ctx);
  const listenerIds = listenerCookies(ctx);
  // Invalid traffic (ADR 0072): its time on air is kept with the reason; earnings never pays for it.
  const ivt = ivtSettings(ctx.config);
  const invalidTraffic = (req: FastifyRequest) =>
    sourceIvt({ ip: clientIp(req, ctx.config.TRUST_PROXY_HEADER), userAgent: req.headers['user-agent'] }, ivt);
  // HLS listeners' time on air, as the endless WebM's closing connections give it (ADR 0069).
  const hlsListeners = new HlsListenerSessions(
    ctx.clock,
    (v) => analytics.recordLiveListen(v),
    undefined,
    (msg, err) => root.log.error({ err }, msg),
  );
  root.addHook('onClose', () => hlsListeners.close());
  const listenerOf = (req: FastifyRequest): HlsListener | null => {
    if (req.user) return { userId: req.user.id, anonymousId: null };
    const anonymousId = listenerIds.read(req);
    return anonymousId ? { userId: null, anonymousId } : null;
  };
  // Encoders (Icecast source clients) on their own port when LIVE_INGEST_PORT is set (ADR 0020),
  // SHOUTcast v1 sources on the next one (ADR 0043), RTMP publishers on RTMP_PORT (ADR 0045).
  const keys = streamKeysService(ctx);
  const { LIVE_INGEST_PORT: ingestPort, LIVE_INGEST_HOST, HOST, FFMPEG_PATH, RTMP_PORT } = ctx.config;
  const ingest =
    ingestPort === undefined
      ? null
      : new EncoderIngest(service, keys, {
          port: ingestPort,
          // SHOUTcast v1 clients connect to the port after the one they are given (a free one in tests).
          shoutcastPort: ingestPort === 0 ? 0 : ingestPort + 1,
          // RTMP publishers (OBS's default output) on RTMP_PORT (ADR 0045).
          rtmpPort: RTMP_PORT,
          host: LIVE_INGEST_HOST ?? HOST,
          ffmpegPath: FFMPEG_PATH,
          log: (msg, err) => root.log.error({ err }, msg),
        });
  root.decorate('encoderIngest', ingest);
  // Suspension, deletion and revoked keys cut what this process holds (lifecycle events, ADR 0027).
  subscribeLiveLifecycle(ctx.events, service, ingest);
  root.addHook('onReady', async () => {
    await ingest?.listen();
    service.start();
  });
  root.addHook('onClose', async () => {
    await ingest?.close();
    await service.close();
  });
  await streamKeyRoutes(root, ctx, keys, ingest);

  app.post(
    '/api/live',
    {
      config: { access: 'creator', rateLimit: RATE_LIMITS.heavyWrite },
      schema: { tags, body: ZCreateLiveStream, response: { 201: ZLiveStream } },
    },
    async (req, reply) => reply.status(201).send(await service.streams.create(signedInUser(req), req.body)),
  );

  app.get(
    '/api/live',
    { config: { access: 'public' }, schema: { tags, querystring: ZLiveListQuery, response: { 200: ZLiveList } } },
    async (req) => service.streams.list(req.user, req.query),
  );

  // The creator's own stream still on air: a reloaded Go Live page offers to resume it.
  app.get(
    '/api/live/mine',
    { config: { access: 'user' }, schema: { tags, response: { 200: ZMyLiveStream } } },
    async (req) => service.streams.mine(signedInUser(req)),
  );

  app.get(
    '/api/live/:id',
    { config: { access: 'public' }, schema: { tags, params: Params, response: { 200: ZLiveStream } } },
    async (req) => service.streams.get(req.user, req.params.id),
  );

  app.post(
    '/api/live/:id/end',
    { config: { access: 'user' }, schema: { tags, params: Params, response: { 200: ZLiveStream } } },
    async (req) => service.streams.end(signedInUser(req), req.params.id),
  );

  app.post(
    '/api/live/:id/recording/publish',
    {
      config: { access: 'user' },
      schema: { tags, params: Params, body: ZPublishRecording.nullish(), response: { 200: ZLiveStream } },
    },
    async (req) => service.streams.publishRecording(signedInUser(req), req.params.id, req.body?.keepChat ?? true),
  );

  // Listeners: the endless WebM (cached header, a synthetic Cluster, then live blocks).
  app.get(
    '/api/live/:id/stream',
    { config: { access: 'public' }, schema: { tags, params: Params } },
    async (req, reply) => {
      const { id } = req.params;
      let session = service.hub.get(id);
      if (!session || session.isEnded) {
        const stream = await service.streams.get(req.user, id);
        if (stream.status !== 'live') throw notFound('Live audio');
        const icecast = service.hub.listenUrl(id);
        if (icecast) return reply.redirect(icecast, 307);
        // Published on another process: mirror it here over Redis (ADR 0019).
        session = await service.hub.open(id);
        if (!session) throw notFound('Live audio');
      }
      if (req.method === 'HEAD') {
        return reply.type('audio/webm').header('Cache-Control', 'no-store').headers(PUBLIC_MEDIA_HEADERS).send();
      }
      // Players that ask for ICY metadata (VLC, ffmpeg, radio apps) get now playing as StreamTitle (ADR 0045).
      const icy = req.headers['icy-metadata'] === '1';
      const nowPlaying = icy
        ? service.nowPlaying.watch(id, (await service.streams.get(req.user, id)).nowPlaying)
        : null;
      // Written straight to the socket: no chunked framing to build per write, just like Icecast.
      reply.hijack();
      const socket = req.raw.socket;
      socket.setNoDelay(true);
      socket.write(
        'HTTP/1.1 200 OK\r\nContent-Type: audio/webm\r\nCache-Control: no-store\r\n' +
          (nowPlaying ? `icy-metaint: ${ICY_METAINT}\r\n` : '') +
          'X-Content-Type-Options: nosniff\r\n' +
          `${Object.entries(PUBLIC_MEDIA_HEADERS)
            .map(([k, v]) => `${k}: ${v}\r\n`)
            .join('')}Connection: close\r\n\r\n`,
      );
      const sink = nowPlaying ? icySink(socketSink(socket), nowPlaying.title) : socketSink(socket);
      if (nowPlaying) socket.on('close', () => nowPlaying.stop());
      if (!service.hub.addListener(id, sink)) return sink.close();
      const anonymousId = req.user ? null : listenerIds.read(req);
      const listener = req.user
        ? { userId: req.user.id, anonymousId: null }
        : anonymousId
          ? { userId: null, anonymousId }
          : null;
      const startedAt = ctx.clock.now();
      const opened = performance.now();
      const ivtReason = invalidTraffic(req);
      socket.on('close', () => {
        service.hub.removeListener(id, sink);
        // Their time on air counts as listening for the audio ad cap.
        if (!listener) return;
        const seconds = (performance.now() - opened) / 1000;
        void analytics
          .recordLiveListen({ streamId: id, listener, startedAt, seconds, ivtReason })
          .catch((err: unknown) => root.log.error({ err }, 'live: recording a listen failed'));
      });
    },
  );

  // HLS (LL-HLS, fMP4/AAC) for browsers without MSE WebM/Opus: same access as the endless WebM.
  app.get(
    '/api/live/:id/hls/index.m3u8',
    { config: { access: 'public' }, schema: { tags, params: Params, querystring: HlsQuery } },
    async (req, reply) => {
      const { _HLS_msn: msn, _HLS_part: part } = req.query;
      const file = await service.hls.playlist(req.user, req.params.id, msn, part);
      hlsListeners.touch(req.params.id, listenerOf(req), invalidTraffic(req));
      sendHls(reply, file);
    },
  );

  app.get(
    '/api/live/:id/hls/:run/:file',
    { config: { access: 'public' }, schema: { tags, params: HlsFileParams } },
    async (req, reply) => {
      const file = await service.hls.file(req.user, req.params.id, req.params.run, req.params.file);
      hlsListeners.touch(req.params.id, listenerOf(req), invalidTraffic(req));
      sendHls(reply, file);
    },
  );

  // Chat

  app.get(
    '/api/live/:id/chat',
    { config: { access: 'public' }, schema: { tags, params: Params, response: { 200: ZLiveChatList } } },
    async (req) => service.chat.list(req.user, req.params.id),
  );

  app.post(
    '/api/live/:id/chat',
    {
      // Per user, so one noisy listener cannot silence a shared network.
      config: {
        access: 'user',
        rateLimit: {
          ...RATE_LIMITS.liveChat,
          keyGenerator: (req: FastifyRequest) => `live-chat:${signedInUser(req).id}`, // after the access guard
        },
      },
      schema: { tags, params: Params, body: ZPostLiveChat, response: { 201: ZLiveChatMessage } },
    },
    async (req, reply) =>
      reply.status(201).send(await service.chat.post(signedInUser(req), req.params.id, req.body.content)),
  );

  app.delete(
    '/api/live/:id/chat/:messageId',
    { config: { access: 'user' }, schema: { tags, params: MessageParams } },
    async (req, reply) => {
      await service.chat.delete(signedInUser(req), req.params.id, req.params.messageId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/live/:id/mutes',
    { config: { access: 'user' }, schema: { tags, params: Params, body: ZMuteUser } },
    async (req, reply) => {
      await service.chat.setMuted(signedInUser(req), req.params.id, req.body.userId, true);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/live/:id/mutes/:userId',
    { config: { access: 'user' }, schema: { tags, params: MuteParams } },
    async (req, reply) => {
      await service.chat.setMuted(signedInUser(req), req.params.id, req.params.userId, false);
      return reply.status(204).send();
    },
  );
}

/** Live audio is anyone's to hear (a hidden stream has no session to answer from): other sites' players may read it. */
function sendHls(reply: FastifyReply, f: HlsFile) {
  return reply
    .type(f.type)
    .header('Cache-Control', f.cache)
    .header('X-Content-Type-Options', 'nosniff')
    .headers(PUBLIC_MEDIA_HEADERS)
    .send(f.body);
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveService;
    /** The encoder ingest of this process (null when LIVE_INGEST_PORT is unset). */
    encoderIngest: EncoderIngest | null;
  }
}
