import { formatTime, type TTrack } from '@wavecast/shared';
import { ArrowDown, ArrowUp, Play, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { usePlayerControls, usePlayerState } from '../PlayerProvider';

function creatorName(track: TTrack) {
  return track.creator.displayName ?? 'Unknown Artist';
}

/** Up next: count, scrollable list, play now, reorder, remove by id, clear. */
export function QueuePanel({ onClose }: { onClose: () => void }) {
  const { clearQueue } = usePlayerControls();
  const current = usePlayerState((s) => s.current);
  const queue = usePlayerState((s) => s.queue);
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => {
    panelRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <section
      ref={panelRef}
      tabIndex={-1}
      aria-labelledby="queue-heading"
      data-testid="queue-panel"
      className="absolute right-2 bottom-full z-40 mb-2 flex max-h-[60vh] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-card border border-border bg-surface shadow-2xl outline-none sm:right-4"
    >
      <header className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
        <h2 id="queue-heading" className="font-semibold">
          Queue{' '}
          <span className="text-sm font-normal text-muted" data-testid="queue-count">
            ({queue.length})
          </span>
        </h2>
        <div className="flex items-center gap-1">
          {queue.length > 0 && (
            <button
              type="button"
              onClick={clearQueue}
              className="rounded-full px-3 py-1 text-sm text-muted hover:bg-surface-2 hover:text-fg"
            >
              Clear
            </button>
          )}
          <button
            type="button"
            onClick={onClose}
            aria-label="Close queue"
            className="grid size-8 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-fg"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      </header>
      <div className="overflow-y-auto overscroll-contain px-2 py-2">
        {current && (
          <div className="mb-2 px-2">
            <p className="mb-1 text-xs font-semibold uppercase tracking-wider text-muted">Now playing</p>
            <p className="truncate text-sm font-medium">{current.title}</p>
          </div>
        )}
        <p className="px-2 pb-1 text-xs font-semibold uppercase tracking-wider text-muted">Next up</p>
        {queue.length === 0 ? (
          <p className="px-2 py-4 text-sm text-muted">Your queue is empty. Add tracks with "Add to queue".</p>
        ) : (
          <QueueList />
        )}
      </div>
    </section>
  );
}

/** The tracks up next: play now, reorder, remove (the queue panel and the full-screen player). */
export function QueueList() {
  const { play, removeFromQueue, moveInQueue } = usePlayerControls();
  const queue = usePlayerState((s) => s.queue);
  return (
    <ol className="space-y-1">
      {queue.map((t, i) => (
        <li
          key={t.id}
          className="group flex items-center gap-2 rounded-lg px-2 py-1.5 hover:bg-surface-2"
          data-testid="queue-item"
        >
          <img src={t.coverUrl} alt="" className="size-10 shrink-0 rounded object-cover" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">{t.title}</p>
            <p className="truncate text-xs text-muted">
              {creatorName(t)} · {formatTime(t.duration)}
            </p>
          </div>
          <button
            type="button"
            onClick={() => play(t)}
            aria-label={`Play ${t.title} now`}
            className="grid size-8 place-items-center rounded-full text-muted hover:text-fg"
          >
            <Play className="size-4" aria-hidden />
          </button>
          <button
            type="button"
            onClick={() => moveInQueue(i, i - 1)}
            disabled={i === 0}
            aria-label={`Move ${t.title} up`}
            className="grid size-8 place-items-center rounded-full text-muted hover:text-fg disabled:opacity-30"
          >
            <ArrowUp className="size-4" aria-hidden />
          </button>
          <button
            type="button"
            onClick={() => moveInQueue(i, i + 1)}
            disabled={i === queue.length - 1}
            aria-label={`Move ${t.title} down`}
            className="grid size-8 place-items-center rounded-full text-muted hover:text-fg disabled:opacity-30"
          >
            <ArrowDown className="size-4" aria-hidden />
          </button>
          <button
            type="button"
            onClick={() => removeFromQueue(t.id)}
            aria-label={`Remove ${t.title} from queue`}
            className="grid size-8 place-items-center rounded-full text-muted hover:text-error"
          >
            <X className="size-4" aria-hidden />
          </button>
        </li>
      ))}
    </ol>
  );
}
