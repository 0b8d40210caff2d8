import { z } from 'zod';

/**
 * What a room plays, as the server decided it: the item, and where on its timeline the room is at a
 * server instant. Every member derives its position from this alone, so a schedule can be sent
 * again, late or twice without harm. A newer `revision` replaces an older one.
 */
export const playbackSchedule = z.object({
  /** The room's queue item playing (null: nothing loaded). */
  itemId: z.string().max(64).nullable(),
  /** Server wall-clock ms (epoch) at which the item is at `positionAtStart`. */
  startAt: z.number().finite(),
  /** Position in the item, ms, at `startAt`. */
  positionAtStart: z.number().finite().min(0),
  paused: z.boolean(),
  /** Media ms per server ms while playing (1: normal speed). */
  rate: z.number().positive().max(4),
  /** Increases with every decision of the server; ties never happen for one room. */
  revision: z.number().int().min(0),
  /** The item's length, ms, when known (the queue advances after it). */
  durationMs: z.number().int().positive().nullable(),
  /**
   * The room is waiting for members to be ready at this position before starting (group wait):
   * members seek there, buffer, and say `ready`; a `paused` schedule with `waiting` set.
   */
  waiting: z.boolean(),
});
export type PlaybackSchedule = z.infer<typeof playbackSchedule>;

/** The room's position (ms) in its item at server time `serverNow`. */
export function positionAt(schedule: PlaybackSchedule, serverNow: number): number {
  if (schedule.paused) return schedule.positionAtStart;
  const at = schedule.positionAtStart + (serverNow - schedule.startAt) * schedule.rate;
  const clamped = Math.max(0, at);
  return schedule.durationMs === null ? clamped : Math.min(schedule.durationMs, clamped);
}

/** Server time at which the item ends (null: paused, or its length unknown). */
export function endsAt(schedule: PlaybackSchedule): number | null {
  if (schedule.paused || schedule.durationMs === null) return null;
  return schedule.startAt + (schedule.durationMs - schedule.positionAtStart) / schedule.rate;
}

/** Whether a member ready for `readyKey` is ready for this schedule (same item, same paused position). */
export function readyKey(schedule: Pick<PlaybackSchedule, 'itemId' | 'positionAtStart'>): string {
  return `${schedule.itemId ?? ''}@${Math.round(schedule.positionAtStart)}`;
}

/** The schedule of a room with nothing loaded. */
export function emptySchedule(now: number): PlaybackSchedule {
  return {
    itemId: null,
    startAt: now,
    positionAtStart: 0,
    paused: true,
    rate: 1,
    revision: 0,
    durationMs: null,
    waiting: false,
  };
}
