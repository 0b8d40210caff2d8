import type { JobPayloads, JobType } from '@wavecast/shared';

/** The job types whose payload is just the time of the run (the periodic sweeps). */
type PeriodicJob = { [T in JobType]: JobPayloads[T] extends { at: string } ? T : never }[JobType];

/**
 * A recurring job: its next run after `now`, and that run's payload. The scheduler (registry.ts)
 * keeps exactly one future run queued, however many processes ask: at start, and whenever a run
 * begins; no job queues its own next run.
 */
export type Schedule = {
  [T in JobType]: { type: T; name: string; next: (now: Date) => { runAt: Date; payload: JobPayloads[T] } };
}[JobType];

/** Every `ms` after the run that queues it. */
export const every = (type: PeriodicJob, name: string, ms: number): Schedule => ({
  type,
  name,
  next: (now) => {
    const runAt = new Date(now.getTime() + ms);
    return { runAt, payload: { at: runAt.toISOString() } };
  },
});
