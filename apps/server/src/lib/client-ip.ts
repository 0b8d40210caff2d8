import type { FastifyRequest } from 'fastify';

/** The header better-auth reads the client address from; we set it ourselves on every auth request. */
export const CLIENT_IP_HEADER = 'x-wavecast-client-ip';

/**
 * The client address: from the configured trusted proxy header (the last hop it lists, which the
 * proxy itself appended), otherwise the socket's peer. Client-sent headers are never trusted
 * unless TRUST_PROXY_HEADER names one.
 */
export function clientIp(req: FastifyRequest, trustedHeader?: string): string {
  if (trustedHeader) {
    const raw = req.headers[trustedHeader.toLowerCase()];
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    const last = value?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  return req.socket.remoteAddress ?? req.ip;
}
