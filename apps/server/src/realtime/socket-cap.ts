import type { FastifyInstance } from 'fastify';
import { clientIp } from '../lib/client-ip';

export const TOO_MANY_SOCKETS_MESSAGE = 'Too many open connections from your address. Close a tab and try again.';

/**
 * At most `max` open WebSockets per client address (the trusted proxy header's, as for rate
 * limits): an upgrade over the cap is answered 429 before it becomes a socket. Register before
 * the WebSocket routes.
 */
export function capWebSocketsPerIp(app: FastifyInstance, opts: { max: number; trustProxyHeader?: string }): void {
  const open = new Map<string, number>();
  app.addHook('onRequest', async (req, reply) => {
    if (req.headers.upgrade?.toLowerCase() !== 'websocket') return;
    const ip = clientIp(req, opts.trustProxyHeader);
    const count = open.get(ip) ?? 0;
    if (count >= opts.max) {
      // The refused upgrade's socket is ours to close (the WebSocket plugin only closes those it saw).
      reply.raw.once('finish', () => req.raw.socket.end());
      return reply
        .status(429)
        .header('retry-after', '10')
        .send({ error: { code: 'RATE_LIMITED', message: TOO_MANY_SOCKETS_MESSAGE } });
    }
    open.set(ip, count + 1);
    req.raw.socket.once('close', () => {
      const left = (open.get(ip) ?? 1) - 1;
      if (left > 0) open.set(ip, left);
      else open.delete(ip);
    });
  });
}
