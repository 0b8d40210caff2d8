import type { TTrack } from '@wavecast/shared';
import { cn } from '../../../lib/cn';

const STYLES: Record<TTrack['status'], string> = {
  processing: 'bg-warning/15 text-warning',
  ready: 'bg-success/15 text-success',
  failed: 'bg-error/15 text-error',
};
const LABELS: Record<TTrack['status'], string> = { processing: 'Processing', ready: 'Ready', failed: 'Failed' };

/** A track's processing state, for its owner. */
export function StatusBadge({ status }: { status: TTrack['status'] }) {
  return (
    <span
      data-testid="track-status"
      className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold', STYLES[status])}
    >
      {LABELS[status]}
    </span>
  );
}
