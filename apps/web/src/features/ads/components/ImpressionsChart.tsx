import { formatMicros, type TCampaignDay } from '@wavecast/shared';
import { useId } from 'react';
import { fillDays, niceTicks, shortDay, utcDay } from '../lib/chart';

const WINDOW_DAYS = 14;

/**
 * Impressions by day: one bar per UTC day of the last two weeks (quiet days at zero), a count axis
 * with round ticks and a date axis, in a fixed-height box (no layout shift when data arrives).
 * Screen readers get the same figures as a table.
 */
export function ImpressionsChart({ days, today = new Date() }: { days: TCampaignDay[]; today?: Date }) {
  const captionId = useId();
  const series = fillDays(days, utcDay(today), WINDOW_DAYS);
  const ticks = niceTicks(Math.max(0, ...series.map((d) => d.impressions)));
  const top = ticks.at(-1) ?? 1;
  // Every other date under the bars: 14 labels do not fit on a phone.
  const labelled = (i: number) => (WINDOW_DAYS - 1 - i) % 2 === 0;
  return (
    <figure className="rounded-card border border-border bg-surface p-4" data-testid="impressions-chart">
      <figcaption id={captionId} className="mb-3 text-sm font-medium">
        Impressions by day
      </figcaption>
      {days.length === 0 ? (
        <p className="flex h-40 items-center justify-center text-sm text-muted">No impressions yet</p>
      ) : (
        <>
          <div className="flex h-40" aria-hidden="true">
            <div className="relative w-10 shrink-0 text-right text-[11px] tabular-nums text-muted">
              {ticks.map((v) => (
                <span
                  key={v}
                  className="absolute right-1 translate-y-1/2"
                  style={{ bottom: `${(v / top) * 100}%` }}
                  data-testid="chart-y-tick"
                >
                  {v}
                </span>
              ))}
            </div>
            <div className="relative flex-1 border-b border-l border-muted/60">
              {ticks.slice(1).map((v) => (
                <div
                  key={v}
                  className="absolute inset-x-0 border-t border-border/60"
                  style={{ bottom: `${(v / top) * 100}%` }}
                />
              ))}
              <div className="absolute inset-0 flex items-end gap-1 px-1">
                {series.map((d) => (
                  <div
                    key={d.day}
                    title={`${d.day}: ${d.impressions} impressions, ${d.clicks} clicks, ${formatMicros(d.spentMicros)}`}
                    className="flex-1 rounded-t bg-primary"
                    data-testid="chart-bar"
                    style={{ height: d.impressions ? `${Math.max(1, (d.impressions / top) * 100)}%` : 0 }}
                  />
                ))}
              </div>
            </div>
          </div>
          <div className="ml-10 flex gap-1 px-1 pt-1 text-[11px] text-muted" aria-hidden="true">
            {series.map((d, i) => (
              <span key={d.day} className="flex-1 truncate text-center" data-testid="chart-x-label">
                {labelled(i) ? shortDay(d.day) : ''}
              </span>
            ))}
          </div>
          <p className="mt-1 flex justify-between text-[11px] text-muted" aria-hidden="true">
            <span>Impressions (count)</span>
            <span>Date (UTC)</span>
          </p>
          <table className="sr-only" aria-labelledby={captionId}>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Impressions</th>
                <th scope="col">Clicks</th>
              </tr>
            </thead>
            <tbody>
              {series.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{shortDay(d.day)}</th>
                  <td>{d.impressions}</td>
                  <td>{d.clicks}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}
