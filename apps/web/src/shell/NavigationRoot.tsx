import { useContext, useEffect, useLayoutEffect, useState } from 'react';
import { Outlet, UNSAFE_DataRouterStateContext, UNSAFE_useScrollRestoration, useLocation } from 'react-router';

type Effects = typeof import('./navigation-effects');
/** The after-navigation work, loaded on first use (Home's first-load budget). */
const effects = () => import('./navigation-effects');

/** Runs `start` from the lazily loaded effects; the returned function cancels it (loaded or not). */
function withEffects(start: (m: Effects) => () => void): () => void {
  let cancelled = false;
  let stop = () => {};
  void effects().then((m) => {
    if (!cancelled) stop = start(m);
  });
  return () => {
    cancelled = true;
    stop();
  };
}

/**
 * Navigation as users expect it (issue 36, ADR 0049), around every route of the browser's router
 * (not the server's first view): React Router's scroll restoration (a new page opens at its top,
 * Back and Forward return to where the reader was), and focus moves to the new page's heading.
 */
export function NavigationRoot() {
  // <ScrollRestoration />'s own hook: the component adds only a server-rendered <script> (framework
  // mode), which this app does not use, at the cost of bytes in Home's first load.
  UNSAFE_useScrollRestoration();
  useFirstViewScrollKept();
  useRestoredScrollSettles();
  useFocusHeadingOnNavigate();
  return <Outlet />;
}

/**
 * React's first render replaces the server-rendered first view (ADR 0022), which the reader may
 * already have scrolled; React Router's first render scrolls to the top (a new page). The reader's
 * position stays. (Declared after the router's scroll restoration: this layout effect runs after its own.)
 */
function useFirstViewScrollKept() {
  const [firstViewY] = useState(() => window.scrollY);
  useLayoutEffect(() => {
    if (firstViewY > 0) window.scrollTo(0, firstViewY);
  }, [firstViewY]);
}

/**
 * React Router restores a position once, as the page first renders; a page whose list comes a
 * moment later is then too short and the position gets clamped: it is applied again as the page grows.
 */
function useRestoredScrollSettles() {
  const target = useContext(UNSAFE_DataRouterStateContext)?.restoreScrollPosition;
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each history entry restored is a new wait, even at the same position.
  useEffect(() => {
    if (typeof target !== 'number' || target <= 0 || Math.abs(window.scrollY - target) < 2) return;
    return withEffects((m) => m.settleRestoredScroll(target));
  }, [target, key]);
}

/**
 * After moving to another page, focus goes to its <h1> (screen readers announce the new page).
 * Not on the first load, not for a change of query string (filters, tabs).
 */
function useFocusHeadingOnNavigate() {
  const { pathname, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is read for the opener, a new path is what triggers.
  useEffect(() => {
    const previous = lastPath;
    lastPath = pathname;
    if (previous === null || previous === pathname) return;
    const opener = started?.key === key ? started.opener : document.activeElement;
    return withEffects((m) => m.focusNewPageHeading(opener));
  }, [pathname]);
}

/** Module state, not a ref: StrictMode's second effect run on the first page is not a navigation. */
let lastPath: string | null = null;
/** Where focus was when the router moved to location `key`. */
let started: { key: string; opener: Element | null } | undefined;

/**
 * Notes where focus is as each navigation starts. React renders the new page in a transition: a
 * page whose code is still loading commits seconds later on a slow device, and whatever the reader
 * focused meanwhile (the bell, a search box) is theirs, not the link's: the heading must not take it.
 */
export function noteNavigationStarts<
  R extends { subscribe(fn: (state: { location: { key: string } }) => void): unknown },
>(router: R): R {
  router.subscribe(({ location }) => {
    if (started?.key !== location.key) started = { key: location.key, opener: document.activeElement };
  });
  return router;
}
