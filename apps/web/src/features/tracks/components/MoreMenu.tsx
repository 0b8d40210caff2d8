import type { TTrack } from '@wavecast/shared';
import { Flag, ListEnd, MoreHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { usePlayerControls } from '../../player/PlayerProvider';
import { AddToPlaylistMenu } from '../../playlists/components/AddToPlaylistMenu';

const item =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm hover:bg-surface-2 focus:bg-surface-2 focus:outline-none';

/** The contact form prefilled for reporting this track: moderators see which track and its link. */
function reportQuery(track: Pick<TTrack, 'id' | 'title'>, origin = window.location.origin): string {
  return new URLSearchParams({
    category: 'content',
    subject: `Report: ${track.title}`,
    message: `Track: ${origin}/audio/${track.id}\n\nWhat is wrong with it: `,
  }).toString();
}

/** More: add to queue, add to playlist, report (to the moderators through the contact form). */
export function MoreMenu({ track }: { track: TTrack }) {
  const [open, setOpen] = useState(false);
  const player = usePlayerControls();
  const navigate = useNavigate();
  const menuId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    wrap.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onDown = (e: MouseEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    const items = [...(wrap.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') close();
    else if (e.key === 'ArrowDown') {
      e.preventDefault();
      items[(i + 1) % items.length]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      items[(i - 1 + items.length) % items.length]?.focus();
    }
  };

  return (
    <div ref={wrap} className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex h-10 items-center gap-2 rounded-full border border-border px-4 text-sm font-semibold hover:bg-surface-2"
      >
        <MoreHorizontal className="size-4" aria-hidden /> More
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="More actions"
          onKeyDown={onKeyDown}
          className="absolute right-0 z-20 mt-2 w-56 rounded-card border border-border bg-surface p-1 shadow-xl"
        >
          <button
            type="button"
            role="menuitem"
            className={item}
            onClick={() => {
              player.addToQueue(track);
              toast.success('Added to queue');
              close();
            }}
          >
            <ListEnd className="size-5 shrink-0" aria-hidden /> Add to queue
          </button>
          <AddToPlaylistMenu track={track} variant="menuitem" onSelect={() => setOpen(false)} />
          <button
            type="button"
            role="menuitem"
            className={item}
            onClick={() => navigate(`/support/contact?${reportQuery(track)}`)}
          >
            <Flag className="size-5 shrink-0" aria-hidden /> Report
          </button>
        </div>
      )}
    </div>
  );
}
