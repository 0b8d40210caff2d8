import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_IP_HEADER, clientIp } from '../../lib/client-ip';
import { stripTokens } from './auth-body';
import { presentAuthError } from './errors';

// better-auth speaks web Request/Response; Fastify speaks its own. These carry a call across.

/** The request's headers as a web Headers object, with the client address we trust. */
export function webHeaders(req: FastifyRequest, trustedProxyHeader?: string): Headers {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k === CLIENT_IP_HEADER) continue;
    headers.set(k, Array.isArray(v) ? v.join(', ') : String(v));
  }
  headers.set(CLIENT_IP_HEADER, clientIp(req, trustedProxyHeader));
  return headers;
}

/** Copies a web Response onto the reply; JSON errors take our one error shape. */
export async function sendWebResponse(reply: FastifyReply, res: Response) {
  reply.status(res.status);
  res.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = res.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!res.body) return reply.send(null);
  const body = Buffer.from(await res.arrayBuffer());
  if (!res.headers.get('content-type')?.includes('application/json')) return reply.send(body);
  if (res.status >= 400) return reply.send(presentAuthError(res.status, body));
  return reply.send(withoutTokens(body));
}

/** A successful auth JSON body without its session tokens (left as it is when not JSON after all). */
function withoutTokens(body: Buffer): Buffer | string {
  try {
    return JSON.stringify(stripTokens(JSON.parse(body.toString('utf8'))));
  } catch {
    return body;
  }
}
