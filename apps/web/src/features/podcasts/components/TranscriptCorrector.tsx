import {
  formatTime,
  TRANSCRIPT_CORRECTION_MESSAGES,
  TRANSCRIPT_CUE_MAX,
  type TTranscript,
  type TTranscriptCue,
} from '@wavecast/shared';
import { Trash2, Undo2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../lib/toast';
import { useCorrectTranscript } from '../queries';

/** A stored cue as the creator edits it (`index`: its place in the stored transcript). */
export type CorrectionRow = { index: number; cue: TTranscriptCue; text: string; deleted: boolean };
type Row = CorrectionRow;

/** Where a cue is: its times, or its paragraph number in an untimed transcript. */
const placeOf = (r: Row) =>
  r.cue.start === null
    ? `Paragraph ${r.index + 1}`
    : `${formatTime(r.cue.start)}–${formatTime(r.cue.end ?? r.cue.start)}`;

/** The first problem with the rows as they would be saved (the server says the same), or null. */
export function correctionProblem(rows: Row[]): { index: number | null; message: string } | null {
  const kept = rows.filter((r) => !r.deleted);
  if (kept.length === 0) return { index: null, message: TRANSCRIPT_CORRECTION_MESSAGES.noCues };
  for (const r of kept) {
    const text = r.text.trim();
    if (!text) return { index: r.index, message: `${placeOf(r)}: ${TRANSCRIPT_CORRECTION_MESSAGES.cueRequired}` };
    if (text.length > TRANSCRIPT_CUE_MAX)
      return { index: r.index, message: `${placeOf(r)}: ${TRANSCRIPT_CORRECTION_MESSAGES.cueTooLong}` };
  }
  return null;
}

/**
 * The owner's correction of the stored transcript (an automatic one, typically): every cue at its
 * time with its text editable, or deleted; the times are kept (the server takes them from the
 * stored cues). A lazy chunk: only an owner who opens it loads it.
 */
export default function TranscriptCorrector({
  trackId,
  transcript,
  onClose,
}: {
  trackId: string;
  transcript: TTranscript;
  onClose: () => void;
}) {
  const correct = useCorrectTranscript(trackId);
  const [rows, setRows] = useState<Row[]>(() =>
    transcript.cues.map((cue, index) => ({ index, cue, text: cue.text, deleted: false })),
  );
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const edited = rows.some((r) => r.deleted || r.text !== r.cue.text);

  const update = (index: number, change: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.index === index ? { ...r, ...change } : r)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = correctionProblem(rows);
    setError(problem?.message ?? null);
    setInvalid(problem?.index ?? null);
    if (problem) {
      if (problem.index !== null)
        list.current?.querySelector<HTMLTextAreaElement>(`[data-cue="${problem.index}"]`)?.focus();
      return;
    }
    correct.mutate(
      {
        basedOn: transcript.updatedAt,
        cues: rows.filter((r) => !r.deleted).map((r) => ({ index: r.index, text: r.text.trim() })),
      },
      {
        onSuccess: () => {
          toast.success('Transcript corrections saved');
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Correct transcript" className="space-y-3" data-testid="transcript-corrector">
      <p className="text-sm text-muted">
        Fix the words of each line; the times stay as they are. Delete a line that is not speech.
      </p>
      <ol
        ref={list}
        className="max-h-[32rem] divide-y divide-border overflow-y-auto rounded-card border border-border bg-surface"
      >
        {rows.map((r) => {
          const label = `Text at ${placeOf(r)}`;
          return (
            <li key={r.index} className="flex items-start gap-3 px-3 py-2" data-testid="corrector-cue">
              <span className="w-24 shrink-0 pt-2 font-mono text-xs text-muted">{placeOf(r)}</span>
              {r.deleted ? (
                <p className="min-w-0 flex-1 pt-2 text-sm text-muted line-through">
                  <span className="sr-only">Deleted: </span>
                  {r.text}
                </p>
              ) : (
                <textarea
                  aria-label={label}
                  data-cue={r.index}
                  value={r.text}
                  rows={Math.min(4, Math.max(1, Math.ceil(r.text.length / 70)))}
                  maxLength={TRANSCRIPT_CUE_MAX}
                  aria-invalid={invalid === r.index ? true : undefined}
                  onChange={(e) => update(r.index, { text: e.target.value })}
                  className="min-w-0 flex-1 resize-y rounded-lg border border-border bg-bg px-3 py-2 text-sm focus:border-primary focus:outline-none aria-[invalid=true]:border-error"
                />
              )}
              <Button
                variant="ghost"
                size="sm"
                aria-label={r.deleted ? `Restore the line at ${placeOf(r)}` : `Delete the line at ${placeOf(r)}`}
                onClick={() => update(r.index, { deleted: !r.deleted })}
              >
                {r.deleted ? <Undo2 className="size-4" aria-hidden /> : <Trash2 className="size-4" aria-hidden />}
              </Button>
            </li>
          );
        })}
      </ol>
      {error && (
        <p className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={correct.isPending || !edited}>
          Save corrections
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
