import { type Readable, Transform } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import type { StoredObject } from '../../storage';
import { cachedStat } from './cache';
import { readObject } from './local-files';
import { ifRangeMatches, notModified, parseRange, preconditionFailed } from './range';
import { signedObjectUrl } from './signed-link';

export interface SendObjectOptions {
  key: string;
  contentType: string;
  cacheControl: string;
  /** Content-Disposition (downloads). */
  disposition?: string;
  /** The 404 message when the object is missing. */
  missing: string;
  /**
   * A track's stream: with DELIVERY_ACCEL=nginx-signed, answered with a redirect to a signed link
   * nginx serves itself (a player's many Range requests), not with X-Accel-Redirect.
   */
  signedLink?: boolean;
}

/** What to answer for an object: status, headers, and the inclusive byte span of the body (if any). */
export interface ObjectAnswer {
  status: 200 | 206 | 304 | 412 | 416;
  headers: Record<string, string>;
  body: { start: number; end: number } | null;
}

/**
 * HTTP caching and Range semantics for a stored object: ETag / Last-Modified, 412 (If-Match,
 * If-Unmodified-Since), 304, If-Range,
 * 206 / 416 (`Content-Range: bytes *\/size`), HEAD without a body. Pure, so the Fastify route and
 * the hot-media fast path answer alike. (The media routes add nosniff and the other security headers.)
 */
export function answerObject(
  method: string,
  headers: Record<string, string | string[] | undefined>,
  stat: StoredObject,
  opts: Omit<SendObjectOptions, 'key' | 'missing'>,
): ObjectAnswer {
  const { size, etag, mtime } = stat;
  const out: Record<string, string> = {
    'accept-ranges': 'bytes',
    etag,
    'last-modified': mtime.toUTCString(),
    'cache-control': opts.cacheControl,
  };
  const header = (name: string) => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  // RFC 9110 §13.2.2: If-Match / If-Unmodified-Since come first, then 304, then If-Range.
  if (
    preconditionFailed(
      { 'if-match': header('if-match'), 'if-unmodified-since': header('if-unmodified-since') },
      etag,
      mtime,
    )
  ) {
    return { status: 412, headers: { ...out, 'content-length': '0' }, body: null };
  }
  if (
    notModified(
      { 'if-none-match': header('if-none-match'), 'if-modified-since': header('if-modified-since') },
      etag,
      mtime,
    )
  ) {
    return { status: 304, headers: out, body: null };
  }
  const rangeHeader = header('range');
  const range =
    rangeHeader !== undefined && ifRangeMatches(header('if-range'), etag, mtime)
      ? parseRange(rangeHeader, size)
      : ({ kind: 'full' } as const);
  if (range.kind === 'unsatisfiable') {
    return { status: 416, headers: { ...out, 'content-range': `bytes */${size}`, 'content-length': '0' }, body: null };
  }
  out['content-type'] = opts.contentType;
  if (opts.disposition) out['content-disposition'] = opts.disposition;
  const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, size - 1];
  if (range.kind === 'partial') out['content-range'] = `bytes ${start}-${end}/${size}`;
  out['content-length'] = String(end - start + 1);
  const body = method === 'HEAD' || size === 0 ? null : { start, end };
  return { status: range.kind === 'partial' ? 206 : 200, headers: out, body };
}

/** Sends a stored object through Fastify (see `answerObject`), from memory, local disk or the driver. */
export async function sendObject(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  opts: SendObjectOptions,
): Promise<FastifyReply> {
  const stat = await cachedStat(ctx, opts.key);
  if (!stat) throw new AppError('NOT_FOUND', opts.missing);
  // The route's own CORS answer says whether the media is anyone's: the signed link says so to nginx.
  const anyone = reply.getHeader('access-control-allow-origin') === '*';
  const signed = opts.signedLink ? signedRedirect(ctx, opts.key, anyone) : null;
  if (signed) return reply.code(302).header('location', signed).header('cache-control', SIGNED_REDIRECT_CACHE).send();
  const accel = accelRedirect(ctx, opts.key);
  if (accel) {
    // nginx sends the file: Range, conditional requests and HEAD are its job from here. It keeps
    // none of our CORS or CORP headers, but its location reads them from this answer (README).
    reply.header('x-accel-redirect', accel).header('content-type', opts.contentType);
    reply.header('cache-control', accelCacheControl(opts.cacheControl, reply.getHeader('vary') !== undefined));
    if (opts.disposition) reply.header('content-disposition', opts.disposition);
    return reply.send();
  }
  const answer = answerObject(req.method, req.headers, stat, opts);
  reply.code(answer.status).headers(answer.headers);
  if (!answer.body) return reply.send();
  const { start, end } = answer.body;
  let body: Buffer | Readable;
  try {
    body = await readObject(ctx, opts.key, start, end, stat.size);
  } catch {
    throw new AppError('NOT_FOUND', opts.missing);
  }
  // A remote store that ignores part of a Range (s3rver answers `bytes=0-0` whole) must not make
  // us send more than the Content-Length we promised.
  if (!Buffer.isBuffer(body) && ctx.storage.name !== 'local') body = limitBytes(body, end - start + 1);
  return reply.send(body);
}

/**
 * nginx passes on only Content-Type, Content-Disposition, Cache-Control (and a few others): an
 * answer that varies by viewer loses its Vary there, so no shared cache may keep it.
 */
export function accelCacheControl(cacheControl: string, variesByViewer: boolean): string {
  return variesByViewer ? cacheControl.replace(/^public\b/, 'private') : cacheControl;
}

/** The internal nginx URI of a local object when DELIVERY_ACCEL is on; null when the app sends it. */
export function accelRedirect(ctx: AppContext, key: string): string | null {
  if (ctx.config.DELIVERY_ACCEL === 'off' || ctx.storage.name !== 'local') return null;
  return ctx.config.DELIVERY_ACCEL_PREFIX + key.split('/').map(encodeURIComponent).join('/');
}

/** The redirect to a signed link is for this viewer, now: no cache may keep or share it. */
export const SIGNED_REDIRECT_CACHE = 'private, no-store';

/**
 * The signed nginx link of a local object when DELIVERY_ACCEL=nginx-signed; null otherwise. Its
 * expiry is wall-clock time, as nginx compares it (not the app clock tests may move). `anyone`:
 * public media, which nginx then serves with the cross-origin headers the app would (ADR 0048).
 */
export function signedRedirect(ctx: AppContext, key: string, anyone: boolean): string | null {
  const { DELIVERY_ACCEL, DELIVERY_ACCEL_SIGNED_PREFIX, DELIVERY_ACCEL_SECRET } = ctx.config;
  if (DELIVERY_ACCEL !== 'nginx-signed' || !DELIVERY_ACCEL_SECRET || ctx.storage.name !== 'local') return null;
  return signedObjectUrl(DELIVERY_ACCEL_SIGNED_PREFIX, key, DELIVERY_ACCEL_SECRET, Date.now(), anyone);
}

function limitBytes(source: Readable, length: number): Readable {
  let left = length;
  const out = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (left <= 0) return done();
      const piece = chunk.length > left ? chunk.subarray(0, left) : chunk;
      left -= piece.length;
      done(null, piece);
      if (left <= 0) {
        this.push(null);
        source.destroy();
      }
    },
  });
  source.on('error', (e) => out.destroy(e));
  return source.pipe(out);
}

/** `attachment; filename="safe.mp3"; filename*=UTF-8''…`: an ASCII fallback and the real title. */
export function attachmentDisposition(title: string, ext: string): string {
  const base = title.normalize('NFKD').replace(/[^\x20-\x7e]/g, '');
  const ascii =
    base
      .replace(/["\\/:*?<>|;%]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 120) || 'audio';
  const utf8 = encodeURIComponent(`${title.trim() || 'audio'}.${ext}`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}.${ext}"; filename*=UTF-8''${utf8}`;
}
