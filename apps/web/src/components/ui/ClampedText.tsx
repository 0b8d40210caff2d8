import { useEffect, useRef, useState } from 'react';

const LONG_PRESS_MS = 500;
const SHOWN_MS = 4000;

/**
 * Text cut to two lines with an ellipsis (never to a few letters): the whole text on hover (the
 * title attribute) and, on touch screens, on a long press (a tooltip for a few seconds).
 */
export function ClampedText({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancel = () => clearTimeout(timer.current);
  useEffect(() => {
    if (!open) return;
    const close = () => setOpen(false);
    const t = setTimeout(close, SHOWN_MS);
    window.addEventListener('scroll', close, { passive: true, once: true });
    return () => {
      clearTimeout(t);
      window.removeEventListener('scroll', close);
    };
  }, [open]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <span
      className="relative block"
      title={text}
      onTouchStart={() => {
        cancel();
        timer.current = setTimeout(() => setOpen(true), LONG_PRESS_MS);
      }}
      onTouchEnd={cancel}
      onTouchMove={cancel}
    >
      <span className="line-clamp-2 break-words">{text}</span>
      {open && (
        <span
          role="tooltip"
          className="absolute top-full left-0 z-20 mt-1 w-max max-w-64 rounded-md bg-fg px-2 py-1 text-xs font-medium text-bg shadow-lg"
        >
          {text}
        </span>
      )}
    </span>
  );
}
