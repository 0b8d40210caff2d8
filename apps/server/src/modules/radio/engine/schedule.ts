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

const WEEK_MS = WEEK_MINUTES * MINUTE_MS;

/**
 * The first instant in (`after`, `before`) at which a playlist slot takes the air (it is the slot
 * `activeSlot` picks there and has something playable): where the item playing is cut so the
 * show starts on time. null when none does.
 */
export function nextShowStart(
  shows: RadioShowSlot[],
  after: number,
  before: number,
  playable: (trackId: string) => boolean,
): number | null {
  let first: number | null = null;
  for (const slot of shows) {
    if (slot.kind !== 'playlist' || !slot.trackIds.some(playable)) continue;
    const since = (minuteOfWeek(after) - (slot.day * 1440 + slot.startMinute) + WEEK_MINUTES) % WEEK_MINUTES;
    const last = Math.round(after - since * MINUTE_MS);
    const next = last > after ? last : last + WEEK_MS;
    if (next >= before || (first !== null && next >= first)) continue;
    if (activeSlot(shows, next)?.slot.id === slot.id) first = next;
  }
  return first;
}

/**
 * Where a DJ on a DJ-only channel must stop: the end of the DJ slot covering `t` that admits
 * them, followed through back-to-back slots that admit them too. null: no such slot at `t`.
 */
export function djSlotEnd(shows: RadioShowSlot[], djId: string, t: number): number | null {
  let end: number | null = null;
  let at = t;
  for (let i = 0; i <= shows.length; i++) {
    const a = activeSlot(shows, at);
    if (a?.slot.kind !== 'dj' || (a.slot.djIds.length > 0 && !a.slot.djIds.includes(djId))) break;
    end = a.endMs;
    at = a.endMs;
  }
  return end;
}
