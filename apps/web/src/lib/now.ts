import { useSyncExternalStore } from 'react';

/**
 * The time that relative dates ("5 minutes ago") are written against. A server-rendered first view
 * (ADR 0022) was rendered at an instant of its own, and served from a cache for up to a minute after:
 * while React hydrates it, times are written against that instant (`useSyncExternalStore`'s server
 * snapshot), so the text React renders is the text on screen and the markup is adopted, not replaced.
 * After that, the browser's clock, refreshed every half minute while anything shows a time.
 */
const TICK_MS = 30_000;
let renderedAt: number | undefined;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let tickQueued = false;

function tick() {
  tickQueued = false;
  now = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(tick, TICK_MS);
  // A first view hydrated against its render time moves on to the browser's clock now.
  if (!tickQueued) {
    tickQueued = true;
    queueMicrotask(tick);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

// With nothing showing a time, nothing can disagree with a fresh reading (a second's resolution keeps
// React's repeated reads in one render the same).
function getSnapshot() {
  if (listeners.size === 0) now = Math.floor(Date.now() / 1000) * 1000;
  return now;
}
const getServerSnapshot = () => renderedAt ?? getSnapshot();

/** The instant the first view was rendered at: on the server before it renders, in the browser before it hydrates. */
export function setRenderedAt(at: number | undefined) {
  renderedAt = at;
}

/** Now, in ms, for writing relative times: the render's instant while hydrating, then the browser's. */
export const useNow = (): number => useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
