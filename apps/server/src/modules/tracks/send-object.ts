import { type Readable, Transform } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { cachedStat } from './delivery-cache';
import { readObject } from './local-files';
import { ifRangeMatches, notModified, parseRange } from './range';

export interface SendObjectOptions {
  key: string;
  contentType: string;
  cacheControl: string;
  /** Content-Disposition (downloads). */
  disposition?: string;
  /** The 404 message when the object is missing. */
  missing: string;
}

/**
 * Sends a stored object with HTTP caching and Range semantics: ETag / Last-Modified, 304,
 * If-Range, 206 / 416 (`Content-Range: bytes *\/size`), HEAD without a body. (The media routes
 * add nosniff and the other security headers.)
 */
export async function sendObject(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  opts: SendObjectOptions,
): Promise<FastifyReply> {
  const stat = await cachedStat(ctx, opts.key);
  if (!stat) throw new AppError('NOT_FOUND', opts.missing);
  const { size, etag, mtime } = stat;
  reply.header('accept-ranges', 'bytes');
  reply.header('etag', etag);
  reply.header('last-modified', mtime.toUTCString());
  reply.header('cache-control', opts.cacheControl);

  const headers = req.headers as Record<string, string | undefined>;
  if (notModified(headers, etag, mtime)) return reply.code(304).send();

  const range =
    headers.range !== undefined && ifRangeMatches(headers['if-range'], etag, mtime)
      ? parseRange(headers.range, size)
      : ({ kind: 'full' } as const);

  if (range.kind === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${size}`).header('content-length', '0').send();
  }
  reply.header('content-type', opts.contentType);
  if (opts.disposition) reply.header('content-disposition', opts.disposition);

  const part = range.kind === 'partial' ? { start: range.start, end: range.end } : undefined;
  if (part) {
    reply.code(206).header('content-range', `bytes ${part.start}-${part.end}/${size}`);
  }
  reply.header('content-length', String(part ? part.end - part.start + 1 : size));
  if (req.method === 'HEAD') return reply.send();
  const [start, end] = part ? [part.start, part.end] : [0, size - 1];
  let body: Buffer | Readable;
  try {
    body = await readObject(ctx, opts.key, start, end, size);
  } catch {
    throw new AppError('NOT_FOUND', opts.missing);
  }
  // A remote store that ignores part of a Range (s3rver answers `bytes=0-0` whole) must not make
  // us send more than the Content-Length we promised.
  if (!Buffer.isBuffer(body) && ctx.storage.name !== 'local') body = limitBytes(body, end - start + 1);
  return reply.send(body);
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
