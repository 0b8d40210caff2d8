import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { pingDatabase } from '../../db/client';

const Check = z.object({ status: z.enum(['ok', 'down']), driver: z.string(), error: z.string().optional() });
const Health = z.object({ status: z.enum(['ok', 'degraded']), database: Check, storage: Check, bus: z.string() });

async function check(driver: string, fn: () => Promise<void>): Promise<z.infer<typeof Check>> {
  try {
    await fn();
    return { status: 'ok', driver };
  } catch (e) {
    return { status: 'down', driver, error: e instanceof Error ? e.message : String(e) };
  }
}

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/health',
    { schema: { tags: ['system'], response: { 200: Health, 503: Health } } },
    async (_req, reply) => {
      const [database, storage] = await Promise.all([
        check(ctx.database.driver, () => pingDatabase(ctx.database)),
        check(ctx.storage.name, () => ctx.storage.health()),
      ]);
      const ok = database.status === 'ok' && storage.status === 'ok';
      return reply
        .status(ok ? 200 : 503)
        .send({ status: ok ? 'ok' : 'degraded', database, storage, bus: ctx.bus.driver });
    },
  );
}
