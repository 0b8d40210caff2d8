import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

// Path segments that carry a one-time token right after them (/api/account/password-reset/<token>,
// better-auth's /reset-password/<token>).
const TOKEN_AFTER = new Set(['password-reset', 'reset-password']);

/**
 * A request URL fit for the access log: any query string (reset, verification and tracking
 * tokens travel there) and token path segments replaced, so log readers cannot use them.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const pathPart = q === -1 ? url : url.slice(0, q);
  const segments = pathPart.split('/');
  for (let i = 1; i < segments.length; i++) {
    if (TOKEN_AFTER.has(segments[i - 1]) && segments[i] !== '') segments[i] = REDACTED;
  }
  return segments.join('/') + (q === -1 ? '' : `?${REDACTED}`);
}

/** Fastify's request log fields, with the URL redacted. */
export const logSerializers = {
  req: (req: FastifyRequest) => ({
    method: req.method,
    url: redactUrl(req.url),
    hostname: req.hostname,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
};
