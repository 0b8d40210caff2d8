import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { AFTER_PAINT_LOADER_CSP } from '../spa/after-paint';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route sends a security header set of its own (media, embeds, feeds: see OWN_SECURITY_HEADERS). */
    ownSecurityHeaders?: boolean;
  }
}

/** The app's security policy, as helmet options (the CSP allows the Icecast relay when configured). */
export function helmetOptions(config: Pick<Config, 'ICECAST_URL' | 'PUBLIC_URL'>): FastifyHelmetOptions {
  // Live listeners may be pointed at an Icecast relay: allow it for <audio> and fetch (MSE).
  const icecastOrigin = config.ICECAST_URL ? [new URL(config.ICECAST_URL).origin] : [];
  // WebSockets (realtime, live ingest) go to our own origin only: 'self' covers ws(s) in CSP3
  // browsers, older ones need the ws(s):// form spelled out.
  const ownSocket = new URL(config.PUBLIC_URL);
  ownSocket.protocol = ownSocket.protocol === 'https:' ? 'wss:' : 'ws:';
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'data:', ...icecastOrigin],
        connectSrc: ["'self'", ownSocket.origin, ...icecastOrigin],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The one inline script: the loader of a server-rendered page's scripts (spa/after-paint.ts).
        scriptSrc: ["'self'", AFTER_PAINT_LOADER_CSP],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.PUBLIC_URL.startsWith('https:'),
  };
}

const NOT_SECURITY = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * Helmet's headers for these options, computed once: nothing in our policy varies per request (no
 * nonces), so running helmet's middleware on every request (over half of a cheap request's cost,
 * ADR 0003) buys nothing. Helmet itself answers one request of a throwaway app, so the set is
 * exactly what it would send.
 */
export async function precomputeSecurityHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!NOT_SECURITY.has(name) && typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/**
 * Every response carries `headers` (set in one root hook, so 404s, errors, the SPA and static files
 * too), except routes that declare `ownSecurityHeaders` and send their own set.
 */
export function installSecurityHeaders(app: FastifyInstance, headers: Record<string, string>): void {
  app.addHook('onRoute', (route) => {
    if ((route as { ownSecurityHeaders?: boolean }).ownSecurityHeaders) {
      route.config = { ...(route.config ?? {}), ownSecurityHeaders: true };
    }
  });
  app.addHook('onRequest', (req, reply, done) => {
    if (!req.routeOptions.config?.ownSecurityHeaders) reply.headers(headers);
    done();
  });
}
