import { useContext, useEffect, useLayoutEffect, useState } from 'react';
import { Outlet, ScrollRestoration, UNSAFE_DataRouterStateContext, useLocation } from 'react-router';

/** How long a restored position waits for the page to grow tall enough (its data may still come). */
const RESTORE_WAIT_MS = 3000;
/** How long a new page may take to show its heading before focus stays where it is. */
const HEADING_WAIT_MS = 10_000;

/**
 * Navigation as users expect it (issue 36, ADR 0049), around every route of the browser's router
 * (not the server's first view): React Router's scroll restoration (a new page opens at its top,
 * Back and Forward return to where the reader was), and focus moves to the new page's heading.
 */
export function NavigationRoot() {
  useFirstViewScrollKept();
  useRestoredScrollSettles();
  useFocusHeadingOnNavigate();
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/**
 * React's first render replaces the server-rendered first view (ADR 0022), which the reader may
 * already have scrolled; React Router's first render scrolls to the top (a new page). The reader's
 * position stays. (Child layout effects run first: this one comes after ScrollRestoration's.)
 */
function useFirstViewScrollKept() {
  const [firstViewY] = useState(() => window.scrollY);
  useLayoutEffect(() => {
    if (firstViewY > 0) window.scrollTo(0, firstViewY);
  }, [firstViewY]);
}

/**
 * React Router restores a position once, as the page first renders; a page whose list comes a
 * moment later is then too short and the position gets clamped. Until the page is tall enough (or
 * the reader scrolls, or a few seconds pass), the position is applied again as the page grows.
 */
function useRestoredScrollSettles() {
  const target = useContext(UNSAFE_DataRouterStateContext)?.restoreScrollPosition;
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each history entry restored is a new wait, even at the same position.
  useLayoutEffect(() => {
    if (typeof target !== 'number' || target <= 0) return;
    const reached = () => Math.abs(window.scrollY - target) < 2;
    if (reached()) return;
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      for (const type of ['wheel', 'touchstart', 'keydown', 'mousedown'] as const)
        window.removeEventListener(type, stop);
    };
    const observer = new ResizeObserver(() => {
      window.scrollTo(0, target);
      if (reached()) stop();
    });
    observer.observe(document.body);
    const timer = setTimeout(stop, RESTORE_WAIT_MS);
    // The reader's own scrolling wins.
    for (const type of ['wheel', 'touchstart', 'keydown', 'mousedown'] as const)
      window.addEventListener(type, stop, { passive: true });
    return stop;
  }, [target, key]);
}

/**
 * After moving to another page, focus goes to its <h1> (screen readers announce the new page),
 * without scrolling. Pages show their heading once their data is there, so it is waited for. Not
 * on the first load, not for a change of query string (filters, tabs), and not when the reader
 * has already focused something else.
 */
function useFocusHeadingOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    const previous = lastPath;
    lastPath = pathname;
    if (previous === null || previous === pathname) return;
    const opener = document.activeElement;
    const tryFocus = () => {
      const heading = (document.getElementById('main') ?? document).querySelector('h1');
      if (!heading) return false;
      const active = document.activeElement;
      const untouched = !active || active === document.body || active === opener || !active.isConnected;
      if (untouched) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) stop();
    });
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}

/** Module state, not a ref: StrictMode's second effect run on the first page is not a navigation. */
let lastPath: string | null = null;
