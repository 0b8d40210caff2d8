import { cn } from '../../../lib/cn';
import { levelColor } from '../lib/level';

export function LevelMeter({ level }: { level: number }) {
  const value = Math.max(0, Math.min(100, Math.round(level)));
  return (
    <div>
      <div className="mb-1 flex justify-between text-xs text-muted">
        <span id="level-label">Audio level</span>
        <span aria-hidden>{value}%</span>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot take the spec's three colours reliably */}
      <div
        role="meter"
        aria-labelledby="level-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        data-testid="level-meter"
        className="h-3 w-full overflow-hidden rounded-full bg-surface-2"
      >
        <div
          className={cn('h-full rounded-full transition-[width] duration-75', levelColor(value))}
          style={{ width: `${value}%` }}
        />
      </div>
    </div>
  );
}
