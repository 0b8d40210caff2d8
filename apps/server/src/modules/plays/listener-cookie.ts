import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { serverSecret } from '../../lib/server-secret';

export const LISTENER_COOKIE = 'wc_listener';
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

const sign = (secret: string, id: string) =>
  createHmac('sha256', `listener:${secret}`).update(id).digest('base64url').slice(0, 32);

export function signListenerId(secret: string, id: string): string {
  return `${id}.${sign(secret, id)}`;
}

/** The id inside a cookie value, if its signature is ours. */
export function verifyListenerId(secret: string, value: string | undefined): string | null {
  if (!value) return null;
  const [id, mac] = value.split('.');
  if (!id || !mac || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) return null;
  const expected = Buffer.from(sign(secret, id));
  const got = Buffer.from(mac);
  return expected.length === got.length && timingSafeEqual(expected, got) ? id : null;
}

/** The named cookie's value; undefined when absent or not decodable (a broken `%` escape is nobody's id). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * Anonymous listeners are told apart by a random id the server keeps in an HttpOnly cookie,
 * signed so that made-up ids are refused.
 */
export function listenerCookies(ctx: AppContext) {
  let secret: string | undefined;
  const key = () => {
    secret ??= serverSecret(ctx.config);
    return secret;
  };
  const secure = ctx.config.PUBLIC_URL.startsWith('https:');
  return {
    /** The anonymous id of this request's listener, or null when it has no valid cookie. */
    read: (req: FastifyRequest) => verifyListenerId(key(), readCookie(req.headers.cookie, LISTENER_COOKIE)),
    /** The id inside a signed listener token (the embed sends it in the report body), or null. */
    readToken: (token: string | undefined) => verifyListenerId(key(), token),
    /**
     * Gives the browser a fresh anonymous id (cookie). Returns the id (what `read` gives on its
     * next requests) and its signed token (for an embed to send back).
     */
    issue(reply: FastifyReply): { id: string; token: string } {
      const id = randomBytes(16).toString('base64url');
      const attrs = [
        `${LISTENER_COOKIE}=${encodeURIComponent(signListenerId(key(), id))}`,
        'Path=/api',
        `Max-Age=${ONE_YEAR_SECONDS}`,
        'HttpOnly',
        'SameSite=Lax',
        ...(secure ? ['Secure'] : []),
      ];
      reply.header('set-cookie', attrs.join('; '));
      return { id, token: signListenerId(key(), id) };
    },
  };
}
