import {
  CHAPTER_TIME_FORMAT_MESSAGE,
  chapterTimeProblem,
  DEFAULT_CHAPTER_TITLE,
  formatTime,
  parseChapterTime,
} from '@wavecast/shared';
import { Plus, Trash2 } from 'lucide-react';

/** A chapter being edited: the time stays as typed (m:ss) until it parses. */
export interface ChapterDraft {
  key: string;
  id?: string;
  title: string;
  time: string;
}

export const chapterDraft = (c?: { id?: string; title: string; startTime: number }): ChapterDraft => ({
  key: crypto.randomUUID(),
  id: c?.id,
  title: c?.title ?? DEFAULT_CHAPTER_TITLE,
  time: formatTime(c?.startTime ?? 0),
});

type ChapterInput = { id?: string; title: string; startTime: number };

/**
 * The chapters to send, or why not: a time that is not m:ss (seconds 0–59), or one past the end
 * of the track when its duration is known (the server applies the same shared rule).
 */
export function parseChapters(
  drafts: ChapterDraft[],
  duration?: number | null,
): { ok: true; chapters: ChapterInput[] } | { ok: false; error: string } {
  const out: ChapterInput[] = [];
  for (const d of drafts) {
    const startTime = parseChapterTime(d.time);
    if (startTime === null) return { ok: false, error: CHAPTER_TIME_FORMAT_MESSAGE };
    const problem = chapterTimeProblem(startTime, duration);
    if (problem) return { ok: false, error: problem };
    out.push({ ...(d.id ? { id: d.id } : {}), title: d.title.trim() || DEFAULT_CHAPTER_TITLE, startTime });
  }
  return { ok: true, chapters: out };
}

/** What is wrong with one typed time, briefly, or null. */
function timeHint(text: string, duration?: number | null): string | null {
  const startTime = parseChapterTime(text);
  if (startTime === null) return 'Use m:ss';
  return chapterTimeProblem(startTime, duration) ? 'Past the end' : null;
}

const input =
  'rounded-lg border border-border bg-bg px-3 py-2 text-sm text-fg placeholder:text-muted focus:border-primary focus:outline-none aria-[invalid=true]:border-error';

export function ChapterEditor({
  chapters,
  duration,
  onChange,
}: {
  chapters: ChapterDraft[];
  /** The track's length in seconds, when known: chapters must start before it. */
  duration?: number | null;
  onChange: (chapters: ChapterDraft[]) => void;
}) {
  const update = (key: string, patch: Partial<ChapterDraft>) =>
    onChange(chapters.map((c) => (c.key === key ? { ...c, ...patch } : c)));
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium">Chapter Markers</legend>
      {chapters.length === 0 && <p className="mb-2 text-sm text-muted">No chapters yet.</p>}
      <ol className="space-y-2">
        {chapters.map((c, i) => {
          const hint = timeHint(c.time, duration);
          const bad = hint !== null;
          return (
            <li key={c.key} className="flex flex-wrap items-start gap-2">
              <input
                aria-label={`Chapter ${i + 1} title`}
                value={c.title}
                onChange={(e) => update(c.key, { title: e.target.value })}
                className={`${input} min-w-0 flex-1`}
              />
              <div>
                <input
                  aria-label={`Chapter ${i + 1} start time (m:ss)`}
                  value={c.time}
                  inputMode="numeric"
                  placeholder="0:00"
                  aria-invalid={bad || undefined}
                  onChange={(e) => update(c.key, { time: e.target.value })}
                  className={`${input} w-24`}
                />
                {bad && (
                  <p className="mt-1 text-xs text-error" role="alert">
                    {hint}
                  </p>
                )}
              </div>
              <button
                type="button"
                onClick={() => onChange(chapters.filter((x) => x.key !== c.key))}
                aria-label={`Remove chapter ${i + 1}`}
                className="grid size-9 place-items-center rounded-lg text-muted hover:bg-surface-2 hover:text-error"
              >
                <Trash2 className="size-4" aria-hidden />
              </button>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        onClick={() => onChange([...chapters, chapterDraft()])}
        className="mt-2 inline-flex items-center gap-1 rounded-full border border-border px-3 py-1.5 text-sm font-medium hover:bg-surface-2"
      >
        <Plus className="size-4" aria-hidden /> Add Chapter
      </button>
    </fieldset>
  );
}
