import { type PremiereStatus, ROOM_LIMITS, ROOM_MESSAGES } from '@wavecast/shared';

/** A premiere's statuses and the moves between them; anything else is refused before a write. */
export const PREMIERE_TRANSITIONS: Record<PremiereStatus, PremiereStatus[]> = {
  scheduled: ['live', 'canceled'],
  live: ['done'],
  done: [],
  canceled: [],
};

export const canMove = (from: PremiereStatus, to: PremiereStatus) => PREMIERE_TRANSITIONS[from].includes(to);

/** Why a premiere cannot start at `startsAt` when asked at `now` (spec's messages), or null. */
export function premiereTimeProblem(startsAt: Date, now: Date): string | null {
  const ahead = startsAt.getTime() - now.getTime();
  if (ahead < ROOM_LIMITS.premiereMinAheadMs) return ROOM_MESSAGES.premiereSoon;
  if (ahead > ROOM_LIMITS.premiereMaxAheadMs) return ROOM_MESSAGES.premiereFar;
  return null;
}

/**
 * What a premiere at `status` should become at `now` (null: nothing yet). A premiere scheduled at
 * upload starts once its audio is also ready (`ready` false: still processing at its time).
 */
export function due(
  p: { status: PremiereStatus; startsAt: Date },
  durationMs: number,
  now: Date,
  ready = true,
): PremiereStatus | null {
  if (p.status === 'scheduled' && now >= p.startsAt) return ready ? 'live' : null;
  if (p.status === 'live' && now.getTime() >= p.startsAt.getTime() + durationMs) return 'done';
  return null;
}
