import { Share2 } from 'lucide-react';
import { toast } from '../../../lib/toast';

/** Share: the system share sheet where there is one, otherwise the link to the clipboard. */
export function ShareButton({ title, path }: { title: string; path: string }) {
  const share = async () => {
    const url = new URL(path, window.location.origin).toString();
    const nav = navigator as Navigator & { share?: (d: ShareData) => Promise<void> };
    if (nav.share && window.matchMedia('(pointer: coarse)').matches) {
      try {
        await nav.share({ title, url });
        return;
      } catch (e) {
        if (e instanceof DOMException && e.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied to clipboard!');
    } catch {
      toast.error('Could not copy the link');
    }
  };
  return (
    <button
      type="button"
      onClick={() => void share()}
      className="inline-flex h-10 items-center gap-2 rounded-full border border-border px-4 text-sm font-semibold hover:bg-surface-2"
    >
      <Share2 className="size-4" aria-hidden /> Share
    </button>
  );
}
