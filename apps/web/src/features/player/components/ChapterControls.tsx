import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCurrentChapter, usePlayerControls, usePlayerState } from '../PlayerProvider';

/** The current chapter of a long track, with skips to the previous/next chapter. */
export function ChapterControls() {
  const { nextChapter, previousChapter } = usePlayerControls();
  const hasChapters = usePlayerState((s) => s.chapters.length > 0);
  const currentChapter = useCurrentChapter();
  if (!hasChapters) return null;
  return (
    <div className="flex min-w-0 items-center gap-1 text-xs text-muted" data-testid="chapter-controls">
      <button
        type="button"
        onClick={previousChapter}
        aria-label="Previous chapter"
        className="grid size-7 place-items-center rounded-full hover:bg-surface-2 hover:text-fg"
      >
        <ChevronLeft className="size-4" aria-hidden />
      </button>
      <span className="truncate" aria-live="polite" title={currentChapter?.title}>
        {currentChapter ? currentChapter.title : 'Chapters'}
      </span>
      <button
        type="button"
        onClick={nextChapter}
        aria-label="Next chapter"
        className="grid size-7 place-items-center rounded-full hover:bg-surface-2 hover:text-fg"
      >
        <ChevronRight className="size-4" aria-hidden />
      </button>
    </div>
  );
}
