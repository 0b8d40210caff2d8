import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { modules } from '../modules';
import { reconcileProcessing } from '../modules/tracks/jobs';
import type { JobHandler, JobOptions } from './queue';
import type { Schedule } from './schedule';

const schedules = (): Schedule[] => modules.flatMap((m) => m.schedules ?? []);

/** Queues the schedule's next run unless one is waiting (one, however many processes ask). */
async function queueNext(ctx: AppContext, schedule: Schedule, now = new Date()): Promise<void> {
  const { runAt, payload } = schedule.next(now);
  await ctx.jobs.enqueueUnlessWaiting(schedule.type, payload as never, { runAt });
}

/**
 * Registers every module's job handlers on the context's queue (modules/index.ts); a recurring
 * job's next run is queued as each run begins. A worker also reconciles what a crash left.
 */
export function registerJobs(ctx: AppContext): void {
  // Each definition pairs its type and payload (defineJob); the union is registered as one type.
  const register = ctx.jobs.register.bind(ctx.jobs) as unknown as (
    type: string,
    handler: JobHandler<unknown>,
    opts: JobOptions<unknown>,
  ) => void;
  const recurring = new Map(schedules().map((s) => [s.type as string, s]));
  for (const { jobs } of modules) {
    for (const { type, handler, ...opts } of jobs?.(ctx) ?? []) {
      const schedule = recurring.get(type);
      const run = handler as JobHandler<unknown>;
      const scheduled: JobHandler<unknown> = schedule
        ? async (payload) => {
            await queueNext(ctx, schedule);
            await run(payload);
          }
        : run;
      register(type, scheduled, opts as JobOptions<unknown>);
    }
  }
  if (ctx.config.roles.has('worker')) {
    reconcileProcessing(ctx, Date.now()).catch(() => {
      // the database is closing (tests) or unreachable: the next boot reconciles
    });
  }
}

/** Queues the next run of every recurring job (the API does at start; each run queues the next). */
export async function scheduleJobs(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  for (const s of schedules()) {
    await queueNext(ctx, s).catch((err) => log.error({ err }, `could not schedule the ${s.name}`));
  }
}
