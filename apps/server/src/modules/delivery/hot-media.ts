import type { IncomingMessage, ServerResponse } from 'node:http';
import { isUuid } from '@wavecast/shared';
import { canSeeTrack } from '../../access/tracks';
import type { AppContext } from '../../context';
import { FIXED_SECURITY_HEADERS, PUBLIC_MEDIA_HEADERS } from '../../lib/fixed-headers';
import { perApp } from '../../lib/per-app';
import type { StoredObject } from '../../storage';
import { streamVersion } from '../tracks/presenter';
import { peekSessionHd, peekStat, peekTrack } from './cache';
import { peekHotObject } from './local-files';
import { parseRange } from './range';
import { accelCacheControl, accelRedirect, answerObject, SIGNED_REDIRECT_CACHE, signedRedirect } from './send-object';
import {
  cacheControl,
  hasSessionCookie,
  pickStream,
  type StreamFormat,
  sessionToken,
  variesByViewer,
} from './stream-choice';

const STREAM_URL = /^\/api\/tracks\/([^/?]+)\/stream(?:\?(.*))?$/;
const FORMATS = new Set(['opus', 'aac', 'original']);
const MAX_ROUTES = 1000;

/** What a stream URL resolved to: valid while the cached row and stat are these very objects. */
interface Route {
  trackId: string;
  track: object;
  key: string;
  stat: StoredObject;
  contentType: string;
  cacheControl: string;
  /** The answer depends on the viewer's plan (HD): a signed-in request needs its own route (Audience). */
  variesByViewer: boolean;
  /** The headers of every full or partial answer for this URL, as [name, value, …]. */
  fixed: string[];
}

/** One app's fast-path memory (`hotMedia(ctx)`, made on first use). */
class HotMediaRoutes {
  readonly routes = new Map<string, Route>();
  /** How many responses this app answered on the fast path (for metrics and tests). */
  served = 0;
}

const hotMedia = perApp((_ctx: AppContext) => new HotMediaRoutes());

/** How many responses this app answered on the fast path. */
export const hotMediaServed = (ctx: AppContext): number => hotMedia(ctx).served;

/**
 * Who a varying answer is for: anyone (no session: the standard rendition, shareable), or a known
 * signed-in viewer with (`hd`) or without (`standard`) HD listening (a private answer).
 */
type Audience = 'anyone' | 'standard' | 'hd';

const routeKey = (url: string, audience: Audience) => (audience === 'anyone' ? url : `${audience} ${url}`);

/** Resolves a stream URL as the route would; null for anything it would refuse or must decide itself. */
function resolve(ctx: AppContext, url: string, audience: Audience = 'anyone'): Route | null {
  const m = STREAM_URL.exec(url);
  if (!m || !isUuid(m[1])) return null;
  const query = new URLSearchParams(m[2] ?? '');
  const v = query.getAll('v');
  const format = query.getAll('format');
  if (v.length > 1 || format.length > 1 || (v[0]?.length ?? 0) > 64 || (format[0] && !FORMATS.has(format[0]))) {
    return null;
  }
  const track = peekTrack(ctx, m[1]);
  // Visible to anyone, so no session is needed; private tracks go through the full route.
  if (!track || !canSeeTrack(null, track)) return null;
  // HD only for a signed-in viewer whose plan has it (known from the route's answer to their session).
  const { key, type } = pickStream(track, format[0] as StreamFormat | undefined, audience === 'hd');
  const stat = peekStat(ctx, key);
  if (!stat) return null;
  const varies = variesByViewer(track, format[0] as StreamFormat | undefined);
  const cc = cacheControl(track, v[0] === streamVersion(track), varies && audience !== 'anyone');
  const fixed = [
    ...Object.entries(securityHeaders(varies)).flat(),
    ...['accept-ranges', 'bytes', 'etag', stat.etag, 'last-modified', stat.mtime.toUTCString()],
    ...['cache-control', cc, 'content-type', type],
    ...(varies ? ['vary', 'Cookie'] : []),
  ];
  const { routes } = hotMedia(ctx);
  if (routes.size >= MAX_ROUTES) routes.clear();
  const route = {
    trackId: m[1],
    track,
    key,
    stat,
    contentType: type,
    cacheControl: cc,
    variesByViewer: varies,
    fixed,
  };
  routes.set(routeKey(url, audience), route);
  return route;
}

/**
 * The route's security headers for a track anyone may see (the only kind this path serves): readable
 * by other sites unless the answer depends on the viewer's plan (delivery/routes.ts, same rule).
 */
const securityHeaders = (varies: boolean) =>
  varies ? FIXED_SECURITY_HEADERS : { ...FIXED_SECURITY_HEADERS, ...PUBLIC_MEDIA_HEADERS };

/** The cached answer for a signed-in audience, resolved again like the anonymous one when stale. */
function personalRoute(ctx: AppContext, url: string, audience: Audience): Route | null {
  const route = hotMedia(ctx).routes.get(routeKey(url, audience));
  if (route && peekTrack(ctx, route.trackId) === route.track && peekStat(ctx, route.key) === route.stat) return route;
  return resolve(ctx, url, audience);
}

/**
 * The media fast path, ahead of Fastify: a GET or HEAD of a public, ready track's stream whose row,
 * stat and bytes are all in this process's memory is answered here, like a CDN edge would, in a
 * fraction of a full request cycle (a player's Range requests are most of our traffic). Returns
 * false, having written nothing, for anything else: Fastify then answers with the same rules
 * (`answerObject`), and its lookups warm the memory this path reads.
 */
export function serveHotMedia(ctx: AppContext, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '';
  let route = hotMedia(ctx).routes.get(url);
  // A write to the track (forgetTrack) or an expired cache entry means resolving again.
  if (!route || peekTrack(ctx, route.trackId) !== route.track || peekStat(ctx, route.key) !== route.stat) {
    route = resolve(ctx, url) ?? undefined;
  }
  if (!route) return false;
  if (route.variesByViewer && hasSessionCookie(req.headers.cookie)) {
    // A signed-in listener of a track with HD: the rendition their plan gets, once the route has
    // resolved their session and asked billing (remembered per session token, briefly); until
    // then the route answers.
    const hd = peekSessionHd(ctx, sessionToken(req.headers.cookie));
    if (hd === undefined) return false;
    route = personalRoute(ctx, url, hd ? 'hd' : 'standard') ?? undefined;
    if (!route) return false;
  }
  const signed = signedRedirect(ctx, route.key, !route.variesByViewer);
  if (signed) {
    // DELIVERY_ACCEL=nginx-signed: the player follows this once; its Range requests go to nginx.
    hotMedia(ctx).served++;
    res.writeHead(302, [
      ...Object.entries(securityHeaders(route.variesByViewer)).flat(),
      ...['cache-control', SIGNED_REDIRECT_CACHE, 'location', signed, 'content-length', '0'],
    ]);
    res.end();
    return true;
  }
  const accel = accelRedirect(ctx, route.key);
  if (accel) {
    // DELIVERY_ACCEL=nginx: the same answer as the route's, nginx sends the bytes.
    hotMedia(ctx).served++;
    res.writeHead(200, [
      ...Object.entries(securityHeaders(route.variesByViewer)).flat(),
      ...['cache-control', accelCacheControl(route.cacheControl, route.variesByViewer)],
      ...['content-type', route.contentType, 'x-accel-redirect', accel, 'content-length', '0'],
    ]);
    res.end();
    return true;
  }
  const { stat } = route;
  const bytes = peekHotObject(ctx, route.key);
  if (!bytes || bytes.length !== stat.size) return false;
  hotMedia(ctx).served++;
  const h = req.headers;
  const conditional =
    h['if-none-match'] !== undefined ||
    h['if-modified-since'] !== undefined ||
    h['if-range'] !== undefined ||
    h['if-match'] !== undefined ||
    h['if-unmodified-since'] !== undefined;
  const range = conditional ? null : parseRange(h.range, stat.size);
  if (range && range.kind !== 'unsatisfiable') {
    // The common case, with the fixed headers prepared once.
    const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, stat.size - 1];
    const headers = route.fixed.concat('content-length', String(end - start + 1));
    if (range.kind === 'partial') headers.push('content-range', `bytes ${start}-${end}/${stat.size}`);
    res.writeHead(range.kind === 'partial' ? 206 : 200, headers);
    res.end(req.method === 'HEAD' ? undefined : bytes.subarray(start, end + 1));
    return true;
  }
  // Conditional requests (412, 304, If-Range) and 416s: the route's rules in full.
  const answer = answerObject(req.method, h, stat, {
    contentType: route.contentType,
    cacheControl: route.cacheControl,
  });
  res.writeHead(answer.status, {
    ...securityHeaders(route.variesByViewer),
    ...answer.headers,
    ...(route.variesByViewer ? { vary: 'Cookie' } : {}),
  });
  res.end(answer.body ? bytes.subarray(answer.body.start, answer.body.end + 1) : undefined);
  return true;
}
