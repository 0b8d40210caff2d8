import fs from 'node:fs';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { scheduleJobs } from './jobs/registry';
import { clientIp } from './lib/client-ip';
import { installErrorHandler } from './lib/error-handler';
import { installRequestGuards } from './lib/guard';
import { createHttpServer } from './lib/http-server';
import { logSerializers } from './lib/log-redaction';
import { refuseNulInput } from './lib/nul';
import { helmetOptions, installSecurityHeaders, precomputeSecurityHeaders } from './lib/security-headers';
import { modules } from './modules';
import { stepUpService } from './modules/admin/step-up';
import { serveHotMedia } from './modules/delivery/hot-media';
import { publicCache } from './modules/discovery/public-cache';
import { indexHtmlReader, shareCardFor, withCard } from './modules/embeds/share-cards';
import { roomSync } from './modules/rooms/sync/service';
import { withRoomTopics } from './modules/rooms/topic-access';
import { isBearerOnly } from './modules/tokens/service';
import { WEB_DIST_DEFAULT } from './paths';
import { realtimeGateway } from './realtime/gateway';
import { ingestSocket } from './realtime/ingest-socket';
import { capWebSocketsPerIp } from './realtime/socket-cap';
import { topicAccess } from './realtime/topic-access';
import { userSockets } from './realtime/user-sockets';
import { firstPaintHints, manifestReader, withFirstPaint } from './spa/first-paint';
import { firstViewRenderer, withFirstView } from './spa/first-view';
import { lcpCoverReader } from './spa/lcp-cover';
import { sendHtml } from './spa/send-html';

/** Builds the HTTP application: plugins, error shape, API modules, realtime, and the SPA. */
export async function buildApp(
  ctx: AppContext,
  opts: { logStream?: { write(line: string): void } } = {},
): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    // Request URLs are logged with their tokens redacted (reset links, verification links).
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            serializers: logSerializers,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    trustProxy: false,
    bodyLimit: 1024 * 1024,
    // Hot public media is answered before Fastify's request cycle (see serveHotMedia); slow
    // clients are cut off by the server's limits (see createHttpServer).
    serverFactory: (handler) =>
      createHttpServer(
        {
          headersTimeoutMs: config.HTTP_HEADERS_TIMEOUT_MS,
          bodyTimeoutMs: config.HTTP_BODY_TIMEOUT_MS,
          bodyMinBytes: config.HTTP_BODY_MIN_BYTES,
          idleTimeoutMs: config.HTTP_IDLE_TIMEOUT_MS,
        },
        (req, res) => {
          if (!serveHotMedia(ctx, req, res)) handler(req, res);
        },
      ),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  installErrorHandler(app);
  refuseNulInput(app);
  capWebSocketsPerIp(app, { max: config.WS_MAX_PER_IP, trustProxyHeader: config.TRUST_PROXY_HEADER });

  // Helmet's headers, computed once at startup and sent by one hook (lib/security-headers.ts, ADR 0023).
  installSecurityHeaders(app, await precomputeSecurityHeaders(helmetOptions(config)));
  // Limits count per client: the trusted proxy header's address when one is configured.
  await app.register(rateLimit, { global: false, keyGenerator: (req) => clientIp(req, config.TRUST_PROXY_HEADER) });

  await app.register(swagger, {
    openapi: { info: { title: 'Wavecast API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Every API route registered from here on declares its access; state-changing requests and
  // WebSocket upgrades must come from our own origin (lib/guard.ts).
  installRequestGuards(app, {
    publicUrl: config.PUBLIC_URL,
    bearerOnly: (req) => isBearerOnly(req.headers, req.url),
    requireStepUp: (user) => stepUpService(ctx).require(user),
  });
  for (const { routes } of modules) for (const register of routes ?? []) await register(app, ctx);
  // After the modules' routes, so the subscribers they make run first: the live module tells a
  // suspended publisher why its broadcast ended before these close the account's sockets.
  const sockets = userSockets(ctx.events);
  const rooms = roomSync(ctx);
  app.addHook('onClose', async () => rooms.close());
  const gateway = await realtimeGateway(app, {
    bus: ctx.bus,
    canSubscribe: withRoomTopics(ctx, topicAccess(ctx)),
    users: sockets,
    rooms,
  });
  // After topicAccess dropped its facts (its subscribers came first): held topics are asked again.
  ctx.events.on('track.hidden', ({ payload }) => gateway.recheck((topic) => topic === `track:${payload.trackId}`));
  const recheckTracks = () => gateway.recheck((topic) => topic.startsWith('track:'));
  ctx.events.on('account.suspended', recheckTracks);
  ctx.events.on('account.deleted', recheckTracks);
  // A member removed from a room stops hearing it on every process (the bus reaches them all),
  // after the removal itself was delivered: the page learns why.
  const offRemoved = ctx.bus.subscribe((msg) => {
    if (msg.event === 'room.removed') void gateway.recheck((topic) => topic === msg.topic);
  });
  app.addHook('onClose', async () => offRemoved());
  // The publishers' WebSocket: beside the gateway, on the live module's gate.
  await ingestSocket(app, { gate: app.live.ingest, users: sockets });
  await scheduleJobs(ctx, app.log);
  // Every module has subscribed: deliver lifecycle events from now on (events/spine.ts).
  ctx.events.start();
  app.addHook('onClose', async () => ctx.events.stop());

  registerSpa(app, config.WEB_DIST ?? WEB_DIST_DEFAULT, ctx);
  return app;
}

/**
 * Serves the built web app; unknown non-API paths get index.html (history fallback), with the
 * share card's tags for pages that have one (modules/embeds/share-cards.ts) and the preloads of
 * the page's first view (spa/first-paint.ts).
 */
function registerSpa(app: FastifyInstance, dist: string, ctx: AppContext): void {
  const hasSpa = fs.existsSync(path.join(dist, 'index.html'));
  const indexHtml = indexHtmlReader(dist);
  const manifest = manifestReader(dist);
  const peek = (url: string) => publicCache(ctx).peek(url);
  const lcpCover = lcpCoverReader(peek);
  const firstView = firstViewRenderer(peek, dist, app.log, async (url) => {
    const res = await app.inject({ method: 'GET', url });
    return res.statusCode === 200 ? res.body : null;
  });
  if (hasSpa) {
    app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its text files (apps/web/vite.config.ts).
      preCompressed: true,
      // Ours, not send's (its `max-age=0` would override these): hashed assets never change.
      cacheControl: false,
      setHeaders(res, file) {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const isApi = req.url.startsWith('/api/') || req.url === '/api';
    if (isApi || req.method !== 'GET') {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
    if (!hasSpa) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (npm start does this for you).');
    }
    const card = await shareCardFor(ctx, req.url).catch((err) => {
      req.log.warn({ err }, 'share card failed');
      return null;
    });
    // The page's first chunks and data load with the HTML (spa/first-paint.ts, ADR 0022).
    const cover = lcpCover(req.url, card);
    const hints = firstPaintHints(manifest(), req.url, cover);
    // A signed-out visitor's page comes rendered, its answers inline: no data to preload then.
    const view = await firstView(req.url, req.headers.cookie);
    let html = withFirstPaint(indexHtml(), view ? { ...hints, data: [] } : hints);
    if (view) html = withFirstView(html, view);
    return sendHtml(req, reply, card ? withCard(html, card) : html);
  });
}
