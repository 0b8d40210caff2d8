import { ANALYTICS_PRESETS } from '@wavecast/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import type { RangeParams } from '../queries';

/** The range lives in the URL (`?days=28` or `?from=&to=`), so the track page and reloads keep it. */
export function useRange(): [RangeParams, (r: RangeParams) => void] {
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  const days = Number(params.get('days'));
  const range: RangeParams =
    from && to ? { from, to } : { days: (ANALYTICS_PRESETS as readonly number[]).includes(days) ? days : 28 };
  const set = (r: RangeParams) =>
    setParams('days' in r ? { days: String(r.days) } : { from: r.from, to: r.to }, { preventScrollReset: true });
  return [range, set];
}

export function RangePicker({ range, onChange }: { range: RangeParams; onChange: (r: RangeParams) => void }) {
  const [custom, setCustom] = useState(!('days' in range));
  const [from, setFrom] = useState('from' in range ? range.from : '');
  const [to, setTo] = useState('to' in range ? range.to : '');
  return (
    <fieldset className="flex flex-wrap items-end gap-2" aria-label="Date range">
      {ANALYTICS_PRESETS.map((d) => (
        <Button
          key={d}
          size="sm"
          variant={'days' in range && range.days === d && !custom ? 'primary' : 'outline'}
          aria-pressed={'days' in range && range.days === d && !custom}
          onClick={() => {
            setCustom(false);
            onChange({ days: d });
          }}
        >
          {d} days
        </Button>
      ))}
      <Button size="sm" variant={custom ? 'primary' : 'outline'} aria-pressed={custom} onClick={() => setCustom(true)}>
        Custom
      </Button>
      {custom && (
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (from && to) onChange({ from, to });
          }}
        >
          <label className="text-xs text-muted">
            From
            <input
              type="date"
              className="ml-1 rounded border border-border bg-surface px-2 py-1 text-sm text-fg"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          </label>
          <label className="text-xs text-muted">
            To
            <input
              type="date"
              className="ml-1 rounded border border-border bg-surface px-2 py-1 text-sm text-fg"
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
          </label>
          <Button size="sm" type="submit">
            Apply
          </Button>
        </form>
      )}
    </fieldset>
  );
}
