import { embedIframe } from '@wavecast/shared';
import { Code2 } from 'lucide-react';
import { toast } from '../../../lib/toast';

/** The iframe code of a track's or playlist's embeddable player (the same the oEmbed endpoint gives). */
export const embedCode = (kind: 'track' | 'playlist', id: string, title: string, origin = window.location.origin) =>
  embedIframe(origin, kind, id, title);

/** Share → Embed: copies the player's iframe code (public things only: others cannot be embedded). */
export function EmbedButton({ kind, id, title }: { kind: 'track' | 'playlist'; id: string; title: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(embedCode(kind, id, title));
      toast.success('Embed code copied to clipboard!');
    } catch {
      toast.error('Could not copy the embed code');
    }
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      className="inline-flex h-10 items-center gap-2 rounded-full border border-border px-4 text-sm font-semibold hover:bg-surface-2"
    >
      <Code2 className="size-4" aria-hidden /> Embed
    </button>
  );
}
