import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * The time that relative dates ("5 minutes ago") are written against. A server-rendered first view
 * (ADR 0022) was rendered at an instant of its own, and served from a cache for up to a minute after;
 * the server puts that instant in the query cache the page is seeded from (server-entry.tsx). While
 * React hydrates, times are written against it (`useSyncExternalStore`'s server snapshot), so the text
 * React renders is the text on screen and the markup is adopted, not replaced. After that, the
 * browser's clock, refreshed every half minute while anything shows a time.
 */
export const RENDERED_AT_KEY = ['first-view', 'rendered-at'] as const;

const TICK_MS = 30_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function tick() {
  now = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    // A first view hydrated against its render time moves on to the browser's clock now.
    now = Date.now();
    timer = setInterval(tick, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

// With nothing showing a time, the clock is read afresh (to the second, so two reads in one render agree).
const current = () => (timer ? now : Math.floor(Date.now() / 1000) * 1000);

/** Now, in ms, for writing relative times: the render's instant while hydrating, then the browser's. */
export function useNow(): number {
  const client = useQueryClient();
  return useSyncExternalStore(subscribe, current, () => client.getQueryData<number>(RENDERED_AT_KEY) ?? current());
}
