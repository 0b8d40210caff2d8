import { useQueryClient } from '@tanstack/react-query';
import { timeAgo } from '@wavecast/shared';
import { useSyncExternalStore } from 'react';

/**
 * The clock a server-rendered first view was rendered at (ms), in its query cache (server-entry.tsx
 * writes it, the browser seeds it with the rest: first-view.ts). Relative times ("3 minutes ago")
 * are computed from it while React hydrates, so the browser's first render says what the server's
 * markup says even when the page was rendered a minute earlier (the server caches renders) or this
 * browser's clock differs: otherwise the text differs, React discards the server's markup of that
 * Suspense boundary and renders the page again (ADR 0052; the audio page's <h1> seen replaced in CI).
 */
export const RENDERED_AT_KEY = ['first-view', 'rendered-at'] as const;

/** How often relative times are brought up to date on a page left open. */
const TICK_MS = 30_000;

let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function tick() {
  now = Date.now();
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
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

// Unsubscribed, the clock is read afresh (to the second, so two reads in one render agree).
const current = () => (timer ? now : Math.floor(Date.now() / 1000) * 1000);

/** Now (ms) for relative times: the first view's render clock while hydrating, this browser's after. */
export function useNow(): number {
  const client = useQueryClient();
  return useSyncExternalStore(subscribe, current, () => client.getQueryData<number>(RENDERED_AT_KEY) ?? current());
}

/** '5 minutes ago', the same text in the server's markup and the browser's hydrating render. */
export function useTimeAgo(date: Date | string): string {
  return timeAgo(date, useNow());
}
