import { defineJob, type ModuleJobs } from '../jobs/define';
import { every, type Schedule } from '../jobs/schedule';

const PRUNE_JOB = 'events.prune';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Delivered events are kept this long for the record (what happened to an account, and when). */
export const EVENTS_KEPT_DAYS = 30;

/** Daily: the outbox keeps a month of delivered events; undelivered ones are never deleted. */
export const eventJobs: ModuleJobs = (ctx) => [
  defineJob(PRUNE_JOB, async () => {
    await ctx.database.query(
      `DELETE FROM domain_events WHERE delivered_at IS NOT NULL AND delivered_at < now() - make_interval(days => $1)`,
      [EVENTS_KEPT_DAYS],
    );
  }),
];

export const eventSchedules: Schedule[] = [every(PRUNE_JOB, 'lifecycle events prune', DAY_MS)];
