import { EARNINGS_CLOSE_DELAY_HOURS, EARNINGS_HOLD_DAYS, EARNINGS_MONTH_RE } from '@wavecast/shared';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM` of a time (UTC). */
export const monthOf = (d: Date) => d.toISOString().slice(0, 7);

export const isMonth = (m: string) => EARNINGS_MONTH_RE.test(m);

/** The month's first instant and the next month's (UTC). */
export function monthBounds(month: string): { start: Date; end: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { start: new Date(Date.UTC(y, m - 1, 1)), end: new Date(Date.UTC(y, m, 1)) };
}

export const nextMonth = (month: string) => monthOf(monthBounds(month).end);
export const previousMonth = (month: string) => monthOf(new Date(monthBounds(month).start.getTime() - DAY_MS));

/** The month's first and last UTC days, `YYYY-MM-DD`. */
export function monthDays(month: string): { first: string; last: string } {
  const { start, end } = monthBounds(month);
  return { first: start.toISOString().slice(0, 10), last: new Date(end.getTime() - DAY_MS).toISOString().slice(0, 10) };
}

/** Whether a month may be closed at `now`: it ended, and its late reports had time to arrive. */
export const isClosable = (month: string, now: Date) =>
  now.getTime() >= monthBounds(month).end.getTime() + EARNINGS_CLOSE_DELAY_HOURS * 60 * 60 * 1000;

/** When a month's allocations become payable: its end plus the refund window. */
export const availableAtOf = (month: string) =>
  new Date(monthBounds(month).end.getTime() + EARNINGS_HOLD_DAYS * DAY_MS);
