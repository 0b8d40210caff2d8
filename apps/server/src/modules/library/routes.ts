import { ZLibrary } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { signedInUser } from '../../lib/guard';
import { libraryService } from './service';

/** `GET /api/me/library`: figures, recent activity and shelves of the listener dashboard. */
export async function libraryRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const library = libraryService(ctx);
  app.get(
    '/api/me/library',
    { config: { access: 'user' }, schema: { tags: ['library'], response: { 200: ZLibrary } } },
    async (req) => library.of(signedInUser(req)),
  );
}
