import * as Dialog from '@radix-ui/react-dialog';
import { Copy, Share2, X } from 'lucide-react';
import { useContext, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { PlayerContext } from '../player/PlayerProvider';
import {
  copyToClipboard,
  EMBED_SIZE_OPTIONS,
  embedCode,
  embedSrc,
  formatStartTime,
  parseStartTime,
  shareLink,
} from './lib/share';
import type { ShareTarget } from './ShareButton';

const COPY_BY_HAND = 'Copying was not allowed here: the text is selected, press Ctrl+C (⌘C on a Mac) to copy it.';
const field =
  'w-full rounded-lg border border-border bg-surface-2 px-3 py-2 text-sm text-fg focus:border-primary focus:outline-none';
const button =
  'inline-flex h-9 shrink-0 items-center gap-2 rounded-full bg-primary px-4 text-sm font-semibold text-primary-fg hover:bg-primary/90';

/** Where the player is in this track, if it is the player's track; else 0. */
function usePlayerPositionIn(trackId: string): number {
  const engine = useContext(PlayerContext);
  const [at] = useState(() => (engine?.getState().current?.id === trackId ? engine.getTime() : 0));
  return at;
}

/**
 * The share dialog (issue 36): the link (optionally starting at m:ss), the system share sheet
 * where there is one (phones), and the embed code at a chosen size with a live preview. Copy
 * buttons write to the clipboard; where the browser refuses, the text is selected for the reader
 * to copy by hand.
 */
export default function ShareDialog({ target, onClose }: { target: ShareTarget; onClose: () => void }) {
  const origin = window.location.origin;
  const position = usePlayerPositionIn(target.id);
  const offersStart = target.kind === 'track' && (target.duration ?? 0) > 0;
  const [startOn, setStartOn] = useState(false);
  const [startText, setStartText] = useState(() => formatStartTime(position));
  const startAt = parseStartTime(startText);
  const startError = !startOn
    ? null
    : startAt === null
      ? 'Enter a time as m:ss'
      : startAt >= (target.duration ?? 0)
        ? `The track is ${formatStartTime(target.duration ?? 0)} long`
        : null;
  // The chosen start goes into the link and the embed alike (both honour `?t=`).
  const start = startOn && !startError ? startAt : null;
  const link = shareLink(origin, target.path, start);

  const embedKind = target.kind === 'room' ? 'track' : target.kind; // a room is never embeddable
  const sizes = EMBED_SIZE_OPTIONS[embedKind];
  const [sizeIndex, setSizeIndex] = useState(1);
  const size = sizes[sizeIndex] ?? sizes[0];
  const code = embedCode(embedKind, target.id, target.title, origin, size, start);

  const linkField = useRef<HTMLInputElement>(null);
  const codeField = useRef<HTMLTextAreaElement>(null);
  const [byHand, setByHand] = useState<'link' | 'embed' | null>(null);
  const copy = async (what: 'link' | 'embed') => {
    const ok = await copyToClipboard(what === 'link' ? link : code, navigator.clipboard);
    if (ok) {
      setByHand(null);
      toast.success(what === 'link' ? 'Link copied to clipboard!' : 'Embed code copied to clipboard!');
      return;
    }
    // The fallback: the text selected in its field, ready for Ctrl+C (no error toast).
    setByHand(what);
    const el = what === 'link' ? linkField.current : codeField.current;
    el?.focus();
    el?.select();
  };

  const nav = navigator as Navigator & { share?: (d: ShareData) => Promise<void> };
  const canShareNatively = typeof nav.share === 'function';
  const shareNatively = () =>
    nav.share?.({ title: target.title, url: link }).catch(() => {
      // Dismissed, or refused: the dialog is still there to copy from.
    });

  const ids = { link: useId(), start: useId(), startTime: useId(), code: useId(), hint: useId() };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 space-y-5 overflow-y-auto rounded-card border border-border bg-surface p-5 text-fg shadow-2xl sm:p-6"
          data-testid="share-dialog"
        >
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-bold">Share</Dialog.Title>
              <Dialog.Description className="mt-1 truncate text-sm text-muted">{target.title}</Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close"
              className="grid size-9 shrink-0 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-fg"
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>

          <section className="space-y-2">
            <label htmlFor={ids.link} className="text-sm font-semibold">
              Link
            </label>
            <div className="flex gap-2">
              <input
                id={ids.link}
                ref={linkField}
                readOnly
                value={link}
                onFocus={(e) => e.currentTarget.select()}
                aria-describedby={byHand === 'link' ? ids.hint : undefined}
                className={field}
              />
              <button type="button" onClick={() => void copy('link')} className={button}>
                <Copy className="size-4" aria-hidden /> Copy link
              </button>
            </div>
            {offersStart && (
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <input
                  id={ids.start}
                  type="checkbox"
                  checked={startOn}
                  onChange={(e) => setStartOn(e.target.checked)}
                  className="size-4 accent-primary"
                />
                <label htmlFor={ids.start}>Start at</label>
                <input
                  id={ids.startTime}
                  aria-label="Start time (m:ss)"
                  value={startText}
                  maxLength={9}
                  onChange={(e) => {
                    setStartText(e.target.value);
                    setStartOn(true);
                  }}
                  aria-invalid={startError ? true : undefined}
                  className={cn(field, 'w-24 py-1')}
                />
                {startError && (
                  <span className="text-error" role="alert">
                    {startError}
                  </span>
                )}
              </div>
            )}
            {canShareNatively && (
              <button
                type="button"
                onClick={() => void shareNatively()}
                className="inline-flex h-9 items-center gap-2 rounded-full border border-border px-4 text-sm font-semibold hover:bg-surface-2"
              >
                <Share2 className="size-4" aria-hidden /> Share via…
              </button>
            )}
          </section>

          {target.embeddable && (
            <section className="space-y-3" aria-labelledby={`${ids.code}-heading`}>
              <h3 id={`${ids.code}-heading`} className="text-sm font-semibold">
                Embed
              </h3>
              <fieldset className="flex flex-wrap gap-2">
                <legend className="sr-only">Embed size</legend>
                {sizes.map((s, i) => (
                  <label
                    key={s.label}
                    className={cn(
                      'cursor-pointer rounded-full border px-3 py-1 text-sm',
                      i === sizeIndex
                        ? 'border-primary bg-primary/10 font-semibold'
                        : 'border-border hover:bg-surface-2',
                    )}
                  >
                    <input
                      type="radio"
                      name={`${ids.code}-size`}
                      className="sr-only"
                      checked={i === sizeIndex}
                      onChange={() => setSizeIndex(i)}
                    />
                    {s.label} {s.width}×{s.height}
                  </label>
                ))}
              </fieldset>
              <label htmlFor={ids.code} className="sr-only">
                Embed code
              </label>
              <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
                <textarea
                  id={ids.code}
                  ref={codeField}
                  readOnly
                  rows={3}
                  value={code}
                  onFocus={(e) => e.currentTarget.select()}
                  aria-describedby={byHand === 'embed' ? ids.hint : undefined}
                  className={cn(field, 'resize-none font-mono text-xs')}
                />
                <button type="button" onClick={() => void copy('embed')} className={button}>
                  <Copy className="size-4" aria-hidden /> Copy embed code
                </button>
              </div>
              <div className="overflow-x-auto rounded-lg bg-surface-2 p-2">
                <p className="mb-2 text-xs text-muted">Preview</p>
                <iframe
                  src={embedSrc('', embedKind, target.id, start)}
                  width={size.width}
                  height={size.height}
                  title={`Embed preview: ${target.title}`}
                  className="block max-w-none border-0"
                />
              </div>
            </section>
          )}

          {byHand && (
            <p id={ids.hint} role="status" className="rounded-lg bg-warning/10 p-3 text-sm" data-testid="copy-by-hand">
              {COPY_BY_HAND}
            </p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
