import { PLAYBACK_RATES } from '@wavecast/shared';
import { usePlayerControls, usePlayerState } from '../PlayerProvider';

export function SpeedControl() {
  const { setRate } = usePlayerControls();
  const rate = usePlayerState((s) => s.rate);
  const options = PLAYBACK_RATES.includes(rate as (typeof PLAYBACK_RATES)[number])
    ? PLAYBACK_RATES
    : [...PLAYBACK_RATES, rate].sort((a, b) => a - b);
  return (
    <label className="flex items-center">
      <span className="sr-only">Playback speed</span>
      <select
        value={rate}
        onChange={(e) => setRate(Number(e.target.value))}
        className="h-8 cursor-pointer rounded-md border border-border bg-surface-2 px-1.5 text-xs font-semibold text-fg"
        title="Playback speed"
      >
        {options.map((r) => (
          <option key={r} value={r}>
            {r}×
          </option>
        ))}
      </select>
    </label>
  );
}
