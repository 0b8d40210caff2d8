import { formatFileSize } from '@wavecast/shared';
import { FileAudio, Upload } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { cn } from '../../../lib/cn';

/**
 * The audio file picker and drop zone: any audio/* file, one or several (each becomes its own
 * upload); the hint names the usual formats and the size limit.
 */
export function AudioPicker({
  files,
  error,
  disabled,
  onPick,
}: {
  files: File[];
  error: string | null;
  disabled?: boolean;
  onPick: (files: File[]) => void;
}) {
  const id = useId();
  const [over, setOver] = useState(false);
  const file = files.length === 1 ? files[0] : undefined;
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled && e.dataTransfer.files.length) onPick([...e.dataTransfer.files]);
  };
  return (
    <div>
      <span className="mb-1 block text-sm font-medium">Audio File</span>
      <label
        htmlFor={id}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-testid="audio-drop-zone"
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-card border-2 border-border border-dashed bg-surface px-4 py-8 text-center hover:border-primary has-[:focus-visible]:border-primary',
          over && 'border-primary bg-primary/10',
        )}
      >
        {file ? (
          <>
            <FileAudio className="size-8 text-primary" aria-hidden />
            <span className="break-all font-medium" data-testid="audio-file-name">
              {file.name}
            </span>
            <span className="text-sm text-muted">{formatFileSize(file.size)}</span>
          </>
        ) : files.length > 1 ? (
          <>
            <FileAudio className="size-8 text-primary" aria-hidden />
            <span className="font-medium">{files.length} audio files</span>
            <span className="text-sm text-muted">Each is uploaded as its own track</span>
          </>
        ) : (
          <>
            <Upload className="size-8 text-muted" aria-hidden />
            <span className="font-medium">Click to choose audio files, or drop them here</span>
            <span className="text-sm text-muted">MP3, WAV, M4A (max 100MB)</span>
          </>
        )}
        <input
          id={id}
          type="file"
          accept="audio/*"
          multiple
          className="sr-only"
          disabled={disabled}
          aria-label="Audio file"
          aria-invalid={error ? true : undefined}
          onChange={(e) => onPick([...(e.target.files ?? [])])}
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
