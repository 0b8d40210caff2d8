import { defineJob, type ModuleJobs } from '../../jobs/define';
import { every, type Schedule } from '../../jobs/schedule';
import { PREMIERE_TICK_JOB, premiereService } from './premieres/service';

/** How often premieres are moved without a reader (pages counting down ask at their instant). */
export const PREMIERE_TICK_MS = 10_000;

export const roomJobs: ModuleJobs = (ctx) => [defineJob(PREMIERE_TICK_JOB, () => premiereService(ctx).tick())];

export const roomSchedules: Schedule[] = [every(PREMIERE_TICK_JOB, 'premieres', PREMIERE_TICK_MS)];
