import type { TTrack } from '@wavecast/shared';
import { MoreHorizontal } from 'lucide-react';
import { type ComponentType, type KeyboardEvent, useState } from 'react';

export const moreTriggerClass =
  'inline-flex h-10 items-center gap-2 rounded-full border border-border px-4 text-sm font-semibold hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary data-[state=open]:bg-surface-2';

type Popup = ComponentType<{ track: TTrack; openedByKeyboard: boolean }>;
const loadPopup = () => import('./MoreMenuPopup').then((m): Popup => m.MoreMenuPopup);

/**
 * The track page's More button. The menu (Radix's, with its popper, focus scope and the report
 * dialog, ~30 KB gzipped) is loaded when More is first pressed, as the share dialog is, not with the
 * page (issue 36: a first view's scripts); pointing at or focusing More fetches it ahead.
 */
export function MoreMenu({ track }: { track: TTrack }) {
  const [opened, setOpened] = useState<{ Popup: Popup; keyboard: boolean } | null>(null);
  if (opened) return <opened.Popup track={track} openedByKeyboard={opened.keyboard} />;

  const open = (keyboard: boolean) => void loadPopup().then((Popup) => setOpened({ Popup, keyboard }));
  const onKeyDown = (e: KeyboardEvent) => {
    // Radix's trigger opens on these keys (ArrowDown too); Enter and Space would also click.
    if (e.key !== 'Enter' && e.key !== ' ' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    open(true);
  };
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className={moreTriggerClass}
      onClick={() => open(false)}
      onKeyDown={onKeyDown}
      onPointerEnter={() => void loadPopup()}
      onFocus={() => void loadPopup()}
    >
      <MoreHorizontal className="size-4" aria-hidden /> More
    </button>
  );
}
