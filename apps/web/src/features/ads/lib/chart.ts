import type { TCampaignDay } from '@wavecast/shared';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' (UTC) of a moment: the days of the figures are UTC days. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The `count` days ending at `lastDay` (or at the latest day with figures, if later), one entry per
 * day, zero where nothing was counted: a chart of them shows each day, quiet days included.
 */
export function fillDays(days: TCampaignDay[], lastDay: string, count: number): TCampaignDay[] {
  const byDay = new Map(days.map((d) => [d.day.slice(0, 10), d]));
  const latest = [lastDay, ...days.map((d) => d.day.slice(0, 10))].sort().at(-1) ?? lastDay;
  const end = Date.parse(`${latest}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => {
    const day = utcDay(new Date(end - (count - 1 - i) * DAY_MS));
    return byDay.get(day) ?? { day, impressions: 0, clicks: 0, spentMicros: 0 };
  });
}

/** Axis ticks from 0 to a round top ≥ max (1, 2 or 5 × 10ⁿ steps, at most 5 intervals). */
export function niceTicks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  const whole = Math.max(1, Math.round(step));
  const top = Math.ceil(max / whole) * whole;
  const ticks: number[] = [];
  for (let v = 0; v <= top; v += whole) ticks.push(v);
  return ticks;
}

/** 'Nov 27' for an axis label (UTC, the figures' days). */
export const shortDay = (day: string) =>
  new Date(`${day.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
