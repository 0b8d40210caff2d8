import type { ClockSample } from './clock-filter';

/**
 * A clock sample carried by an HTTP exchange (ADR 0057): the server stamps when the request
 * arrived (t1) and when the response left (t2) on its sync clock in this header, the page times
 * the fetch on its own clock (t0 before sending, t3 as the headers arrive). The page's HTTP is
 * another TCP connection than the socket's, so a loss that holds the socket's pongs never holds it.
 */
export const SYNC_CLOCK_HEADER = 'x-sync-clock';

/** The header's value: `t1,t2` in server ms (three decimals: the sync clock is sub-millisecond). */
export function formatClockHeader(t1: number, t2: number): string {
  return `${t1.toFixed(3)},${t2.toFixed(3)}`;
}

/**
 * The sample of one timed exchange, or null when the header is absent or not sane (two finite
 * stamps in order, and a server time no longer than the whole exchange).
 */
export function clockSampleFromHeader(value: string | null | undefined, t0: number, t3: number): ClockSample | null {
  const m = /^(\d+(?:\.\d+)?),(\d+(?:\.\d+)?)$/.exec(value?.trim() ?? '');
  if (!m || !Number.isFinite(t0) || !Number.isFinite(t3) || t3 < t0) return null;
  const t1 = Number(m[1]);
  const t2 = Number(m[2]);
  if (!(t2 >= t1) || t2 - t1 > t3 - t0) return null;
  return { t0, t1, t2, t3 };
}
