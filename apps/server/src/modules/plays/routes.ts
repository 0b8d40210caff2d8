import { ZPlayReport, ZPlayResult } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { clientIp } from '../../lib/client-ip';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { listenerCookies } from './listener-cookie';
import { type Listener, playService } from './service';

/** `POST /api/plays`: the player's listening report; the server decides whether a play counts. */
export async function playRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = playService(ctx);
  const cookies = listenerCookies(ctx);

  app.post(
    '/api/plays',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.playReport },
      schema: { tags: ['plays'], body: ZPlayReport, response: { 200: ZPlayResult } },
      // The player's last report goes with navigator.sendBeacon on page hide, as text/plain JSON.
      preValidation: async (req) => {
        if (typeof req.body === 'string') {
          try {
            req.body = JSON.parse(req.body);
          } catch {
            req.body = null as never;
          }
        }
      },
    },
    async (req, reply) => {
      let listener: Listener | null = null;
      let listenerToken: string | undefined;
      if (req.user) listener = { userId: req.user.id, anonymousId: null };
      else {
        // The cookie, or (an embed inside another site, where the Lax cookie is not sent) the signed token.
        const anonymousId = cookies.read(req) ?? cookies.readToken(req.body.listenerToken);
        if (anonymousId) listener = { userId: null, anonymousId };
        // A browser without a (valid) id gets one now; its plays count from the next report on.
        else listenerToken = cookies.issue(reply).token;
      }
      const client = { ip: clientIp(req, ctx.config.TRUST_PROXY_HEADER), userAgent: req.headers['user-agent'] };
      const result = await service.report(req.user?.id ?? null, listener, req.body, client);
      return listenerToken ? { ...result, listenerToken } : result;
    },
  );
}
