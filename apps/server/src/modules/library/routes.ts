import { ZLibrary } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../lib/session';
import { libraryOf } from './service';

/** `GET /api/me/library`: figures, recent activity and shelves of the listener dashboard. */
export async function libraryRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get('/api/me/library', { schema: { tags: ['library'], response: { 200: ZLibrary } } }, async (req) =>
    libraryOf(ctx, requireUser(req)),
  );
}
