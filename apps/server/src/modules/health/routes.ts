import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { pingDatabase } from '../../db/client';
import { RETRY_AFTER_SECONDS } from '../../lib/db-errors';

const Check = z.object({ status: z.enum(['ok', 'down']), driver: z.string(), error: z.string().optional() });
const Health = z.object({ status: z.enum(['ok', 'degraded']), database: Check, storage: Check, bus: z.string() });

/** A failed check says what failed, never why in the driver's words (SQL, paths, hosts stay in the log). */
async function check(
  driver: string,
  failure: string,
  fn: () => Promise<void>,
  log: FastifyBaseLogger,
): Promise<z.infer<typeof Check>> {
  try {
    await fn();
    return { status: 'ok', driver };
  } catch (err) {
    log.warn({ err }, `health: ${failure}`);
    return { status: 'down', driver, error: failure };
  }
}

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: Health, 503: Health } } },
    async (req, reply) => {
      const [database, storage] = await Promise.all([
        check(ctx.database.driver, 'database unavailable', () => pingDatabase(ctx.database), req.log),
        check(ctx.storage.name, 'storage not writable', () => ctx.storage.health(), req.log),
      ]);
      const ok = database.status === 'ok' && storage.status === 'ok';
      if (!ok) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply
        .status(ok ? 200 : 503)
        .send({ status: ok ? 'ok' : 'degraded', database, storage, bus: ctx.bus.driver });
    },
  );
}
