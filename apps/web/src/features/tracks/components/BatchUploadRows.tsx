import { formatFileSize } from '@wavecast/shared';
import { CheckCircle2, FileAudio } from 'lucide-react';
import { ProgressBar } from './ProgressBar';

export interface BatchRow {
  key: string;
  file: File;
  title: string;
  /** Why this file will not be (or was not) uploaded. */
  error?: string;
  /** Not an audio file, or over the plan's size limit: left out. */
  invalidFile?: boolean;
  progress: number | null;
  trackId?: string;
}

/** Batch upload: one row per file, its title (from the file name, editable), its own progress. */
export function BatchUploadRows({
  rows,
  disabled,
  onTitle,
}: {
  rows: BatchRow[];
  disabled: boolean;
  onTitle: (key: string, title: string) => void;
}) {
  return (
    <ol className="space-y-3" aria-label="Files to upload" data-testid="batch-rows">
      {rows.map((row, i) => (
        <li key={row.key} className="rounded-lg border border-border p-3" data-testid="batch-row">
          <div className="flex items-center gap-3">
            <span className="w-6 text-right text-sm text-muted tabular-nums">{i + 1}</span>
            {row.trackId ? (
              <CheckCircle2 className="size-5 shrink-0 text-success" aria-label="Uploaded" />
            ) : (
              <FileAudio className="size-5 shrink-0 text-muted" aria-hidden />
            )}
            <label className="min-w-0 flex-1">
              <span className="sr-only">Title of {row.file.name}</span>
              <input
                value={row.title}
                onChange={(e) => onTitle(row.key, e.target.value)}
                disabled={disabled || !!row.trackId}
                maxLength={200}
                aria-invalid={row.error ? true : undefined}
                className="w-full rounded-lg border border-border bg-bg px-3 py-2 text-sm"
              />
            </label>
            <span className="hidden text-xs text-muted sm:block">{formatFileSize(row.file.size)}</span>
          </div>
          {row.progress !== null && !row.trackId && (
            <div className="mt-2">
              <ProgressBar value={row.progress} label="Uploading..." />
            </div>
          )}
          {row.error && (
            <p className="mt-1 text-sm text-error" role="alert">
              {row.error}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
