import { TOKEN_MESSAGES, type Token, ZToken, ZTokenCreated, ZTokenInput, ZTokenList } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { signedInUser } from '../../lib/guard';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { type TokenRow, tokensService } from './service';

const ZId = z.object({ id: z.string().uuid() });
const config = { access: 'user', rateLimit: RATE_LIMITS.settings } as const;

/** The list's view of a token: never its hash. */
export function presentToken(row: TokenRow): Token {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Personal access tokens (`/api/tokens`): a signed-in session only, never a token itself. */
export async function tokenRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = tokensService(ctx);

  app.get('/api/tokens', { config, schema: { tags: ['tokens'], response: { 200: ZTokenList } } }, async (req) => ({
    items: (await service.list(signedInUser(req))).map(presentToken),
  }));

  app.post(
    '/api/tokens',
    { config, schema: { tags: ['tokens'], body: ZTokenInput, response: { 201: ZTokenCreated } } },
    async (req, reply) => {
      const { row, secret } = await service.create(signedInUser(req), req.body);
      reply.code(201);
      return { token: presentToken(row), secret, message: TOKEN_MESSAGES.created };
    },
  );

  app.delete(
    '/api/tokens/:id',
    {
      config,
      schema: {
        tags: ['tokens'],
        params: ZId,
        response: { 200: z.object({ token: ZToken, message: z.string() }) },
      },
    },
    async (req) => ({
      token: presentToken(await service.revoke(signedInUser(req), req.params.id)),
      message: TOKEN_MESSAGES.revoked,
    }),
  );
}
