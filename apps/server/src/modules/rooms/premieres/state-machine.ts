import type { PremiereStatus } from '@wavecast/shared';

/** A premiere's statuses and the moves between them; anything else is refused before a write. */
export const PREMIERE_TRANSITIONS: Record<PremiereStatus, PremiereStatus[]> = {
  scheduled: ['live', 'canceled'],
  live: ['done'],
  done: [],
  canceled: [],
};

export const canMove = (from: PremiereStatus, to: PremiereStatus) => PREMIERE_TRANSITIONS[from].includes(to);

/** What a premiere at `status` should become at `now` (null: nothing yet). */
export function due(
  p: { status: PremiereStatus; startsAt: Date },
  durationMs: number,
  now: Date,
): PremiereStatus | null {
  if (p.status === 'scheduled' && now >= p.startsAt) return 'live';
  if (p.status === 'live' && now.getTime() >= p.startsAt.getTime() + durationMs) return 'done';
  return null;
}
