import {
  formatTime,
  TRANSCRIPT_MAX_BYTES,
  TRANSCRIPT_TOO_LARGE,
  type TTranscript,
  type TTranscriptCue,
} from '@wavecast/shared';
import { Download, FileText, Pencil, Sparkles, Trash2, Upload } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { TextAreaField } from '../../../components/ui/TextField';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { usePlayerProgress } from '../../player/PlayerProvider';
import {
  useAutoTranscript,
  useGenerateTranscript,
  useRemoveTranscript,
  useSaveTranscript,
  useTranscript,
} from '../queries';

// The owner's cue editor: loaded when opened, not with the audio page.
const TranscriptCorrector = lazy(() => import('./TranscriptCorrector'));

/** The cue playing at `t` (the last one that started at or before it). */
export function cueAt(cues: TTranscriptCue[], t: number): number {
  let at = -1;
  for (const [i, c] of cues.entries()) {
    if (c.start === null || c.start > t) break;
    at = i;
  }
  return at;
}

/**
 * The track's transcript under the player: the line being said follows playback, a click on a line
 * plays from there. The owner uploads a WebVTT/SRT file or pastes text, corrects the stored cues'
 * words at their times, downloads the WebVTT, or removes it.
 */
export function TranscriptPanel({
  trackId,
  canEdit,
  isCurrent,
  onSeek,
}: {
  trackId: string;
  canEdit: boolean;
  isCurrent: boolean;
  onSeek: (seconds: number) => void;
}) {
  const query = useTranscript(trackId);
  const transcript = query.data?.transcript ?? null;
  const [correcting, setCorrecting] = useState(false);
  if (!transcript && !canEdit) return null;
  return (
    <section aria-labelledby="transcript-heading" className="space-y-3">
      <h2 id="transcript-heading" className="flex items-center gap-2 text-xl font-bold">
        <FileText className="size-5" aria-hidden /> Transcript
      </h2>
      {transcript?.source === 'automatic' && (
        <p className="text-sm text-muted">Automatic transcript: made by speech recognition, it may contain mistakes.</p>
      )}
      {transcript && canEdit && correcting ? (
        <Suspense fallback={<p className="text-sm text-muted">Loading the editor…</p>}>
          <TranscriptCorrector trackId={trackId} transcript={transcript} onClose={() => setCorrecting(false)} />
        </Suspense>
      ) : (
        transcript &&
        (transcript.timed ? (
          <TimedCues cues={transcript.cues} isCurrent={isCurrent} onSeek={onSeek} />
        ) : (
          <div className="max-h-96 space-y-3 overflow-y-auto rounded-card border border-border bg-surface p-4">
            {transcript.cues.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity but their place
              <p key={i}>{c.text}</p>
            ))}
          </div>
        ))
      )}
      {canEdit && !correcting && (
        <TranscriptEditor trackId={trackId} transcript={transcript} onCorrect={() => setCorrecting(true)} />
      )}
    </section>
  );
}

function TimedCues({
  cues,
  isCurrent,
  onSeek,
}: {
  cues: TTranscriptCue[];
  isCurrent: boolean;
  onSeek: (seconds: number) => void;
}) {
  const time = usePlayerProgress();
  const active = isCurrent ? cueAt(cues, time) : -1;
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (active < 0) return;
    const item = list.current?.children[active] as HTMLElement | undefined;
    const box = list.current;
    if (item && box) box.scrollTop = item.offsetTop - box.offsetTop - box.clientHeight / 3;
  }, [active]);
  return (
    <ol
      ref={list}
      className="max-h-96 divide-y divide-border overflow-y-auto rounded-card border border-border bg-surface"
      data-testid="transcript"
    >
      {cues.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: cues have no identity but their place
        <li key={i}>
          <button
            type="button"
            onClick={() => onSeek(c.start ?? 0)}
            aria-current={i === active ? 'true' : undefined}
            className={cn(
              'flex w-full gap-3 px-4 py-2 text-left hover:bg-surface-2',
              i === active && 'bg-surface-2 text-primary',
            )}
          >
            <span className="shrink-0 font-mono text-sm text-muted">{formatTime(c.start ?? 0)}</span>
            <span className="min-w-0">{c.text}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}

function TranscriptEditor({
  trackId,
  transcript,
  onCorrect,
}: {
  trackId: string;
  transcript: TTranscript | null;
  onCorrect: () => void;
}) {
  const hasTranscript = Boolean(transcript);
  const ownTranscript = transcript?.source === 'manual';
  const save = useSaveTranscript(trackId);
  const remove = useRemoveTranscript(trackId);
  const [pasting, setPasting] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);

  const send = (kind: 'file' | 'text', content: string) => {
    setError(null);
    save.mutate(
      { kind, content },
      {
        onSuccess: () => {
          toast.success('Transcript saved');
          setPasting(false);
          setText('');
        },
        onError: (e) => setError(e.message),
      },
    );
  };
  const pick = async (f: File | undefined) => {
    if (!f) return;
    if (f.size > TRANSCRIPT_MAX_BYTES) return setError(TRANSCRIPT_TOO_LARGE);
    send('file', await f.text());
    if (file.current) file.current.value = '';
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <label className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-full border border-border px-4 text-sm font-semibold hover:bg-surface-2">
          <Upload className="size-4" aria-hidden /> Upload transcript (.vtt, .srt)
          <input
            ref={file}
            type="file"
            accept=".vtt,.srt,text/vtt,application/x-subrip"
            className="sr-only"
            onChange={(e) => void pick(e.target.files?.[0])}
          />
        </label>
        <Button variant="secondary" onClick={() => setPasting((p) => !p)}>
          Paste text
        </Button>
        {transcript && (
          <Button variant="secondary" onClick={onCorrect}>
            <Pencil className="size-4" aria-hidden /> Correct transcript
          </Button>
        )}
        {transcript?.timed && (
          <a
            href={`/api/tracks/${trackId}/transcript.vtt`}
            download="transcript.vtt"
            className="inline-flex h-10 items-center gap-2 rounded-full bg-surface-2 px-5 text-sm font-semibold hover:bg-border"
          >
            <Download className="size-4" aria-hidden /> Download .vtt
          </a>
        )}
        {hasTranscript && (
          <Button
            variant="secondary"
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => toast.success('Transcript removed'),
                onError: (e) => setError(e.message),
              })
            }
          >
            <Trash2 className="size-4" aria-hidden /> Remove transcript
          </Button>
        )}
      </div>
      {!ownTranscript && <AutoTranscript trackId={trackId} hasTranscript={hasTranscript} />}
      {pasting && (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            send('text', text);
          }}
        >
          <TextAreaField label="Transcript text" rows={6} value={text} onChange={(e) => setText(e.target.value)} />
          <Button type="submit" disabled={save.isPending}>
            Save transcript
          </Button>
        </form>
      )}
      {error && (
        <p className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The owner's automatic transcript: ask for one (or a new one), see it being made or why it failed. */
function AutoTranscript({ trackId, hasTranscript }: { trackId: string; hasTranscript: boolean }) {
  const auto = useAutoTranscript(trackId);
  const generate = useGenerateTranscript(trackId);
  const state = auto.data;
  if (!state) return null;
  if (!state.available) {
    return <p className="text-sm text-muted">Automatic transcripts are not available on this server.</p>;
  }
  const busy = state.status === 'queued' || state.status === 'running';
  return (
    <div className="flex flex-wrap items-center gap-3" aria-live="polite">
      {busy ? (
        <p className="text-sm text-muted">Generating the transcript… It takes about a third of the audio's length.</p>
      ) : (
        <Button
          variant="secondary"
          disabled={generate.isPending}
          onClick={() => generate.mutate(undefined, { onError: (e) => toast.error(e.message) })}
        >
          <Sparkles className="size-4" aria-hidden /> {hasTranscript ? 'Generate again' : 'Generate transcript'}
        </Button>
      )}
      {state.status === 'failed' && state.error && (
        <p className="text-sm text-error" role="alert">
          The automatic transcript failed: {state.error}
        </p>
      )}
    </div>
  );
}
