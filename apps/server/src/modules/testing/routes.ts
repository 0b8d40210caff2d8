import { ZClockAdvance } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';

/**
 * `POST /api/test/clock`: moves the billing clock forward, so an e2e test sees a trial end without
 * waiting 14 days. Only on servers started with TEST_CLOCK=1 (the config refuses it in production).
 */
export async function testingRoutes(root: FastifyInstance, ctx: AppContext) {
  if (!ctx.config.TEST_CLOCK) return;
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/test/clock',
    {
      config: { access: 'public' },
      schema: { hide: true, body: ZClockAdvance, response: { 200: z.object({ now: z.string() }) } },
    },
    async (req) => ({ now: ctx.clock.advance(req.body.advanceMs).toISOString() }),
  );

  /**
   * `POST /api/test/run-job`: queues a run of a daily billing job (or the earnings close) now (the scheduler's runs follow
   * real time, not the moved clock), so an e2e test sees its effect; answers once it is queued.
   */
  app.post(
    '/api/test/run-job',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        body: z.object({ type: z.enum(RUNNABLE_JOBS) }),
        response: { 200: z.object({ id: z.string() }) },
      },
    },
    async (req) => ({ id: await ctx.jobs.enqueue(req.body.type, { at: ctx.clock.now().toISOString() }) }),
  );
}

const RUNNABLE_JOBS = ['billing.trial-reminders', 'billing.settle', 'earnings.close'] as const;
