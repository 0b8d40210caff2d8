import { ANALYTICS_MAX_RANGE_DAYS, type TAnalyticsRangeQuery } from '@wavecast/shared';
import { badRequest } from '../../lib/errors';

const DAY_MS = 86_400_000;
export const dayOf = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
const parseDay = (day: string) => {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (!Number.isFinite(ms) || dayOf(new Date(ms)) !== day) throw badRequest('Invalid date');
  return ms;
};

export interface DayRange {
  from: string;
  to: string;
  days: number;
}

/** The inclusive UTC day range asked for: `days` ending today, or `from`–`to`. Default 28 days. */
export function resolveRange(q: TAnalyticsRangeQuery, now: Date): DayRange {
  if (q.from || q.to) {
    if (!q.from || !q.to) throw badRequest('A custom range needs both from and to');
    const days = (parseDay(q.to) - parseDay(q.from)) / DAY_MS + 1;
    if (days < 1) throw badRequest('The range ends before it starts');
    if (days > ANALYTICS_MAX_RANGE_DAYS) throw badRequest('The range is longer than 2 years');
    return { from: q.from, to: q.to, days };
  }
  const days = q.days ?? 28;
  const to = dayOf(now);
  return { from: addDays(to, -(days - 1)), to, days };
}

/** The period of the same length just before. */
export const previousRange = (r: DayRange): DayRange => ({
  from: addDays(r.from, -r.days),
  to: addDays(r.from, -1),
  days: r.days,
});
