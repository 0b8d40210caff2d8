import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { pingDatabase } from '../../db/client';
import { RETRY_AFTER_SECONDS } from '../../lib/db-errors';

const Check = z.object({ status: z.enum(['ok', 'down']), driver: z.string(), error: z.string().optional() });
const Health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: Check,
  storage: Check,
  bus: z.string(),
  /** With the Redis bus: whether events reach the other processes. */
  redis: Check.optional(),
});

/**
 * Every check gets this long, so the route answers within 2 s whatever a dependency does (a
 * network that drops packets hangs a query for its whole timeout). A check still running is down.
 */
export const HEALTH_CHECK_TIMEOUT_MS = 1500;

/** A failed check says what failed, never why in the driver's words (SQL, paths, hosts stay in the log). */
async function check(
  driver: string,
  failure: string,
  fn: () => Promise<void>,
  log: FastifyBaseLogger,
): Promise<z.infer<typeof Check>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${HEALTH_CHECK_TIMEOUT_MS} ms`)),
      HEALTH_CHECK_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([fn(), timeout]);
    return { status: 'ok', driver };
  } catch (err) {
    log.warn({ err }, `health: ${failure}`);
    return { status: 'down', driver, error: failure };
  } finally {
    clearTimeout(timer);
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
      // Without Redis this process still serves every request (its events stay in-process), so a
      // load balancer must keep it: reported, status degraded, but not a 503.
      const redis =
        ctx.bus.driver === 'redis'
          ? ctx.bus.status() === 'ok'
            ? { status: 'ok' as const, driver: 'redis' }
            : { status: 'down' as const, driver: 'redis', error: 'redis unavailable' }
          : undefined;
      const serving = database.status === 'ok' && storage.status === 'ok';
      if (!serving) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(serving ? 200 : 503).send({
        status: serving && redis?.status !== 'down' ? 'ok' : 'degraded',
        database,
        storage,
        bus: ctx.bus.driver,
        redis,
      });
    },
  );
}
