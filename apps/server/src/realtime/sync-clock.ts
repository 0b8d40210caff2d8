import { performance } from 'node:perf_hooks';

/**
 * The server time that clock pings and room schedules are stamped with (ADR 0057): the wall clock
 * read once, then advanced by the monotonic clock, so an NTP step or a slew of the system clock
 * never makes a schedule jump under the members. Not the billing clock (`lib/clock.ts`), which
 * tests move by minutes: a room's timeline must follow real time.
 */
const anchorWall = Date.now();
const anchorMono = performance.now();

export function syncNow(): number {
  return anchorWall + (performance.now() - anchorMono);
}
