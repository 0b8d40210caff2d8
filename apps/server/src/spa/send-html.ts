import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

// A page's index.html differs per page now (its first-paint hints, its share card), so it cannot be
// the build's precompressed copy: a few KB, compressed per request at a fast level.
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

/** Sends a page's HTML, Brotli or gzip when the browser accepts it, revalidated on every visit. */
export function sendHtml(req: FastifyRequest, reply: FastifyReply, html: string) {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(zlib.brotliCompressSync(html, BROTLI));
  if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(zlib.gzipSync(html, { level: 6 }));
  return reply.send(html);
}
