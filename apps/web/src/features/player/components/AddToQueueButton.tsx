import type { TTrack } from '@wavecast/shared';
import { ListPlus } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { usePlayerControls, usePlayerState } from '../PlayerProvider';

/** Adds a track to the end of the queue (cards, rows, the detail page's More menu). */
export function AddToQueueButton({
  track,
  className,
  withLabel = false,
}: {
  track: TTrack;
  className?: string;
  withLabel?: boolean;
}) {
  const { addToQueue } = usePlayerControls();
  const queued = usePlayerState((s) => s.queue.some((t) => t.id === track.id));
  const hasCurrent = usePlayerState((s) => s.current !== null);
  return (
    <button
      type="button"
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        if (queued) {
          toast('Already in your queue');
          return;
        }
        addToQueue(track);
        toast.success(hasCurrent ? 'Added to queue' : 'Added to queue. Press play to start listening.');
      }}
      aria-label={`Add ${track.title} to queue`}
      title="Add to queue"
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-full text-muted hover:text-fg',
        withLabel ? 'h-10 px-4 text-sm font-semibold' : 'size-9',
        className,
      )}
    >
      <ListPlus className="size-5" aria-hidden />
      {withLabel && 'Add to queue'}
    </button>
  );
}
