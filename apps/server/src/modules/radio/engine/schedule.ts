import type { RadioShowSlot } from './types';

const MINUTE_MS = 60_000;
const WEEK_MINUTES = 7 * 24 * 60;

/** Minutes since Sunday 00:00 UTC of the week containing `t`. */
function minuteOfWeek(t: number): number {
  const d = new Date(t);
  return (
    d.getUTCDay() * 1440 +
    d.getUTCHours() * 60 +
    d.getUTCMinutes() +
    d.getUTCSeconds() / 60 +
    d.getUTCMilliseconds() / MINUTE_MS
  );
}

/** The occurrence of a weekly slot covering `t`, if any: its exact start and end (epoch ms). */
export function slotOccurrence(slot: RadioShowSlot, t: number): { startMs: number; endMs: number } | null {
  const since = (minuteOfWeek(t) - (slot.day * 1440 + slot.startMinute) + WEEK_MINUTES) % WEEK_MINUTES;
  if (since >= slot.durationMinutes) return null;
  const startMs = Math.round(t - since * MINUTE_MS);
  return { startMs, endMs: startMs + slot.durationMinutes * MINUTE_MS };
}

/** The slot playing at `t` (the first listed wins an overlap). */
export function activeSlot(
  shows: RadioShowSlot[],
  t: number,
): { slot: RadioShowSlot; startMs: number; endMs: number } | null {
  for (const slot of shows) {
    const occ = slotOccurrence(slot, t);
    if (occ) return { slot, ...occ };
  }
  return null;
}
