import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { PUBLIC_IMAGE_HEADERS } from '../../lib/fixed-headers';
import { userService } from './service';

/** Public user resources: the avatar image (profile reads live in the profiles module). */
export async function usersRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const users = userService(ctx);

  app.get(
    '/api/users/:id/avatar',
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        params: z.object({ id: z.string().min(1).max(64) }),
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (req, reply) => {
      const avatar = await users.findAvatar(req.params.id);
      if (avatar.kind === 'external') return reply.redirect(avatar.url, 302);
      const body = await ctx.storage.get(avatar.key).catch(() => {
        throw notFound('Avatar');
      });
      // A new upload is a new ?v=, so the current version's URL can be cached for good.
      const current = req.query.v === avatar.file;
      return reply
        .header('Content-Type', avatar.mime)
        .header('Cache-Control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
        .header('X-Content-Type-Options', 'nosniff')
        .headers(PUBLIC_IMAGE_HEADERS)
        .send(body);
    },
  );
}
