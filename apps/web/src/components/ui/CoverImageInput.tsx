import { MESSAGES } from '@wavecast/shared';
import { type ReactNode, useRef } from 'react';
import { toast } from '../../lib/toast';

/** The images a cover may be (the server re-encodes them square). */
const ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * A cover's image picker (radio channels, playlists): a hidden file input that `open` clicks; a
 * chosen image goes to `onImage`, anything else gets the invalid-image toast. The input is
 * emptied after each choice, so choosing the same file again still picks it.
 */
export function useCoverImageInput(onImage: (file: File) => void): { open: () => void; input: ReactNode } {
  const ref = useRef<HTMLInputElement>(null);
  const pick = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error(MESSAGES.invalidImageFile);
      return;
    }
    onImage(file);
  };
  const input = (
    <input
      ref={ref}
      type="file"
      accept={ACCEPT}
      className="hidden"
      aria-label="Cover image"
      onChange={(e) => {
        pick(e.target.files?.[0]);
        e.target.value = '';
      }}
    />
  );
  return { open: () => ref.current?.click(), input };
}
