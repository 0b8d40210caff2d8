import { formatFileSize } from '@wavecast/shared';
import { FileAudio, Upload } from 'lucide-react';
import { useId } from 'react';

/** The audio file picker: any audio/* file; the hint names the usual formats and the size limit. */
export function AudioPicker({
  file,
  error,
  disabled,
  onPick,
}: {
  file: File | null;
  error: string | null;
  disabled?: boolean;
  onPick: (file: File | null) => void;
}) {
  const id = useId();
  return (
    <div>
      <span className="mb-1 block text-sm font-medium">Audio File</span>
      <label
        htmlFor={id}
        className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-card border-2 border-border border-dashed bg-surface px-4 py-8 text-center hover:border-primary has-[:focus-visible]:border-primary"
      >
        {file ? (
          <>
            <FileAudio className="size-8 text-primary" aria-hidden />
            <span className="break-all font-medium" data-testid="audio-file-name">
              {file.name}
            </span>
            <span className="text-sm text-muted">{formatFileSize(file.size)}</span>
          </>
        ) : (
          <>
            <Upload className="size-8 text-muted" aria-hidden />
            <span className="font-medium">Click to choose an audio file</span>
            <span className="text-sm text-muted">MP3, WAV, M4A (max 100MB)</span>
          </>
        )}
        <input
          id={id}
          type="file"
          accept="audio/*"
          className="sr-only"
          disabled={disabled}
          aria-label="Audio file"
          aria-invalid={error ? true : undefined}
          onChange={(e) => onPick(e.target.files?.[0] ?? null)}
        />
      </label>
      {error && (
        <p className="mt-1 text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
