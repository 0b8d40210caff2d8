import { DEFAULT_COVER_URL } from '@wavecast/shared';
import { ImagePlus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';

/** The cover picker with a square preview (the default cover until one is chosen). */
export function CoverPicker({
  file,
  currentUrl,
  disabled,
  onPick,
}: {
  file: File | null;
  currentUrl?: string;
  disabled?: boolean;
  onPick: (file: File | null) => void;
}) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <div>
      <span className="mb-1 block text-sm font-medium">Cover Image</span>
      <label
        htmlFor={id}
        className="group relative block aspect-square w-full max-w-56 cursor-pointer overflow-hidden rounded-card border border-border has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
      >
        <img src={preview ?? currentUrl ?? DEFAULT_COVER_URL} alt="Cover preview" className="size-full object-cover" />
        <span className="absolute inset-x-0 bottom-0 flex items-center justify-center gap-1 bg-black/60 py-2 text-sm font-medium opacity-90 group-hover:opacity-100">
          <ImagePlus className="size-4" aria-hidden /> {file || currentUrl ? 'Change cover' : 'Choose cover'}
        </span>
        <input
          id={id}
          type="file"
          accept="image/*"
          className="sr-only"
          disabled={disabled}
          aria-label="Cover image"
          onChange={(e) => {
            onPick(e.target.files?.[0] ?? null);
            e.target.value = '';
          }}
        />
      </label>
      <p className="mt-1 text-xs text-muted">JPEG, PNG or WebP</p>
    </div>
  );
}
