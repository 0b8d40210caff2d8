import { Share2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ShareKind } from './lib/share';

// The dialog (and Radix Dialog) loads on the first click: it is no part of a page's first load.
const ShareDialog = lazy(() => import('./ShareDialog'));

export interface ShareTarget {
  kind: ShareKind;
  id: string;
  title: string;
  /** The page's path, e.g. /audio/{id}. */
  path: string;
  /** Only public, playable things can be embedded elsewhere. */
  embeddable: boolean;
  /** A track's length: offers "start at" (the audio page honours ?t=). */
  duration?: number;
}

/** Share: opens the share dialog (link, start time, embed code with preview, the system share sheet). */
export function ShareButton({ target }: { target: ShareTarget }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // Closed: focus back on Share (after the dialog's own clean-up, which runs on a timeout too).
  useEffect(() => {
    if (open) wasOpen.current = true;
    if (open || !wasOpen.current) return;
    wasOpen.current = false;
    const timer = setTimeout(() => button.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [open]);
  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="inline-flex h-10 items-center gap-2 rounded-full border border-border px-4 text-sm font-semibold hover:bg-surface-2"
      >
        <Share2 className="size-4" aria-hidden /> Share
      </button>
      {open && (
        <Suspense fallback={null}>
          <ShareDialog target={target} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
