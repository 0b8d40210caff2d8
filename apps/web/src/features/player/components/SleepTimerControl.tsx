import { formatTime } from '@wavecast/shared';
import { Moon } from 'lucide-react';
import { useNow } from '../../live/hooks/useNow';
import { SLEEP_MINUTES } from '../lib/sleepTimer';
import { usePlayerControls, usePlayerState } from '../PlayerProvider';

const OFF = 'off';
const END = 'end';

/** The sleep timer: off, minutes from now, or the end of this track; shows what is left. */
export function SleepTimerControl() {
  const { setSleepTimer } = usePlayerControls();
  const sleep = usePlayerState((s) => s.sleep);
  const endsAt = sleep && 'endsAt' in sleep ? sleep.endsAt : null;
  const now = useNow(endsAt !== null);
  const value = sleep === null ? OFF : endsAt === null ? END : 'timed';
  return (
    <div className="flex items-center gap-2 text-sm" data-testid="sleep-timer">
      <Moon className="size-4 text-muted" aria-hidden />
      <label className="flex items-center">
        <span className="sr-only">Sleep timer</span>
        <select
          value={value}
          onChange={(e) => {
            const v = e.target.value;
            if (v === OFF) setSleepTimer(null);
            else if (v === END) setSleepTimer('endOfTrack');
            else setSleepTimer({ minutes: Number(v) });
          }}
          className="h-8 cursor-pointer rounded-md border border-border bg-surface-2 px-1.5 text-xs font-semibold text-fg"
        >
          <option value={OFF}>Sleep timer off</option>
          {/* While a timed choice runs, it shows as "Stops in …" beside; choosing again restarts it. */}
          {value === 'timed' && <option value="timed">Timer set</option>}
          {SLEEP_MINUTES.map((m) => (
            <option key={m} value={m}>
              {m} minutes
            </option>
          ))}
          <option value={END}>End of track</option>
        </select>
      </label>
      <span className="text-xs text-muted tabular-nums" aria-live="polite" data-testid="sleep-timer-status">
        {endsAt !== null
          ? `Stops in ${formatTime(Math.max(0, (endsAt - now) / 1000))}`
          : value === END
            ? 'Stops at the end of this track'
            : ''}
      </span>
    </div>
  );
}
