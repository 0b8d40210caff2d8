import { formatTime, type TChapterMarker } from '@wavecast/shared';
import { cn } from '../../../lib/cn';

/** Chapters (title and start time); choosing one plays from there. */
export function ChapterList({
  chapters,
  currentId,
  onSelect,
}: {
  chapters: TChapterMarker[];
  currentId: string | null;
  onSelect: (chapter: TChapterMarker) => void;
}) {
  if (chapters.length === 0) return null;
  return (
    <section aria-labelledby="chapters-heading">
      <h2 id="chapters-heading" className="mb-3 text-xl font-bold">
        Chapters
      </h2>
      <ol className="divide-y divide-border rounded-card border border-border bg-surface">
        {chapters.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              onClick={() => onSelect(c)}
              aria-current={c.id === currentId ? 'true' : undefined}
              className={cn(
                'flex w-full items-center justify-between gap-4 px-4 py-3 text-left hover:bg-surface-2',
                c.id === currentId && 'text-primary',
              )}
            >
              <span className="min-w-0 truncate font-medium">{c.title}</span>
              <span className="shrink-0 font-mono text-sm text-muted">{formatTime(c.startTime)}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
