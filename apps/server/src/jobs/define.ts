import type { JobPayloads, JobType } from '@wavecast/shared';
import type { AppContext } from '../context';
import type { JobHandler, JobOptions } from './queue';

// Apart from registry.ts, which imports every module's jobs: modules import this file, not the registry.

/** One job type's handler and options, typed by the job map. */
export type JobDefinition = {
  [T in JobType]: { type: T; handler: JobHandler<JobPayloads[T]> } & JobOptions<JobPayloads[T]>;
}[JobType];

/** Writes one definition (the payload type follows from `type`). */
export const defineJob = <T extends JobType>(
  type: T,
  handler: JobHandler<JobPayloads[T]>,
  opts: JobOptions<JobPayloads[T]> = {},
): JobDefinition => ({ type, handler, ...opts }) as JobDefinition;

/** A module's jobs, given its context, as a module's routes are. */
export type ModuleJobs = (ctx: AppContext) => JobDefinition[];
