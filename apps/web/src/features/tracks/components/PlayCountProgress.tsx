import { formatTime, PLAY_COUNT_WINDOW_MINUTES } from '@wavecast/shared';
import type { ListenProgress } from '../../player/engine';
import { useListenProgress } from '../../player/PlayerProvider';

function message(p: ListenProgress): string {
  switch (p.outcome) {
    case 'listening':
      return `Listening… ${formatTime(p.heard)} of ${formatTime(p.threshold)} until it counts as a play`;
    case 'reporting':
      return 'Counting your play…';
    case 'counted':
      return 'Your play counted';
    case 'already':
      return `Your play was already counted in the last ${PLAY_COUNT_WINDOW_MINUTES} minutes`;
    default:
      return '';
  }
}

/**
 * On the audio page of the track playing: how far this listen is towards counting as a play (only
 * seconds really heard count; skipping ahead does not), then what the server decided.
 */
export function PlayCountProgress({ trackId }: { trackId: string }) {
  const progress = useListenProgress();
  if (!progress || progress.trackId !== trackId) return null;
  if (progress.outcome === 'listening' && progress.heard === 0) return null;
  const text = message(progress);
  if (!text) return null;
  const share = progress.threshold > 0 ? Math.min(1, progress.heard / progress.threshold) : 1;
  return (
    <div className="flex items-center gap-2 text-xs text-muted" data-testid="play-count-progress">
      {progress.outcome === 'listening' && (
        <div
          role="progressbar"
          aria-label="Listening towards a counted play"
          aria-valuemin={0}
          aria-valuemax={progress.threshold}
          aria-valuenow={progress.heard}
          className="h-1 w-16 overflow-hidden rounded-full bg-border"
        >
          <div className="h-full origin-left bg-primary" style={{ transform: `scaleX(${share})` }} />
        </div>
      )}
      <span aria-live="polite">{text}</span>
    </div>
  );
}
