import { performance } from 'node:perf_hooks';
import { formatClockHeader, SYNC_CLOCK_HEADER } from '@wavecast/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';

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

const receivedAt = new WeakMap<object, number>();

/**
 * Route hooks that make a response a clock sample (ADR 0057): the sync clock when the request
 * arrived and as the response leaves, in `SYNC_CLOCK_HEADER`. The room page feeds it to the same
 * filter as the socket's pongs. Spread into the routes a joining page calls (the room's read, the
 * join): `{ ...syncClockStamped, config, schema }`.
 */
export const syncClockStamped = {
  onRequest: (req: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    receivedAt.set(req, syncNow());
    done();
  },
  onSend: (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
    const t1 = receivedAt.get(req);
    if (t1 !== undefined) reply.header(SYNC_CLOCK_HEADER, formatClockHeader(t1, syncNow()));
    done(null, payload);
  },
};
