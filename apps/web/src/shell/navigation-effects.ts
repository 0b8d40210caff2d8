// What NavigationRoot does after a navigation, loaded on the first one (not part of Home's first load).

/** How long a restored position waits for the page to grow tall enough (its data may still come). */
const RESTORE_WAIT_MS = 3000;
/** How long a new page may take to show its heading before focus stays where it is. */
const HEADING_WAIT_MS = 10_000;
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * Applies `target` again as the page grows, until it is reached, the reader scrolls or 3 s pass
 * (React Router restores once, when a page whose list comes later may still be too short).
 * Returns what stops it.
 */
export function settleRestoredScroll(target: number): () => void {
  const reached = () => Math.abs(window.scrollY - target) < 2;
  if (reached()) return () => {};
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of READER_INPUT) window.removeEventListener(type, stop);
  };
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, target);
    if (reached()) stop();
  });
  // html, body and #root are a screen tall (index.css): what grows is the layout inside #root.
  for (const el of document.getElementById('root')?.children ?? []) observer.observe(el);
  const timer = setTimeout(stop, RESTORE_WAIT_MS);
  // The reader's own scrolling wins.
  for (const type of READER_INPUT) window.addEventListener(type, stop, { passive: true });
  return stop;
}

/** Open layers that keep the reader's focus: moving it out would close them. */
const LAYER = '[role="dialog"], [role="alertdialog"], [role="menu"]';

/**
 * Focuses the page's <h1> (tabindex -1, without scrolling) once it shows, unless the reader has
 * focused something other than `opener` meanwhile, even if focus is on the page's body for a moment
 * as it shows (a closing popover hands focus back to its button a task later), or is in an open
 * dialog or menu (a page whose code loads late commits after the reader opened one: `opener` is then
 * inside it). Returns what stops waiting.
 */
export function focusNewPageHeading(opener: Element | null): () => void {
  let moved = false;
  const tryFocus = () => {
    const heading = (document.getElementById('main') ?? document).querySelector('h1');
    if (!heading) return false;
    const active = document.activeElement;
    const inLayer = !!active?.isConnected && active.closest(LAYER) !== null;
    const untouched =
      !moved && !inLayer && (!active || active === document.body || active === opener || !active.isConnected);
    if (untouched) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    }
    return true;
  };
  if (tryFocus()) return () => {};
  const onFocusIn = (e: FocusEvent) => {
    if (e.target !== opener) moved = true;
  };
  const stop = () => {
    document.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
    clearTimeout(timer);
  };
  document.addEventListener('focusin', onFocusIn);
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(stop, HEADING_WAIT_MS);
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}
