import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { ModuleJobs } from '../jobs/define';
import type { Schedule } from '../jobs/schedule';

/** A module's HTTP routes, given its app and context. */
export type ModuleRoutes = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

/**
 * Everything a domain module brings to the app, declared once (modules/index.ts lists them): its
 * routes, its job handlers, its recurring jobs and its subscribers to lifecycle events. The app,
 * the job registry and the event registry read this table; none of them names a module.
 */
export interface ModuleDefinition {
  name: string;
  routes?: ModuleRoutes[];
  jobs?: ModuleJobs;
  schedules?: Schedule[];
  /** Subscribes to the context's lifecycle spine (`ctx.events.on` / `once`; events/spine.ts). */
  subscribers?: ((ctx: AppContext) => void)[];
}
