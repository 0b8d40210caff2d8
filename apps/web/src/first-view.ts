import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * The first view the server rendered into index.html (ADR 0022): its markup sits in #root inside
 * `<div class="first-view" inert aria-disabled="true">`, which React hydrates (main.tsx, ADR 0052).
 * The query cache it was rendered from rides along as JSON (`[queryKey, data]` pairs, written by
 * server-entry.tsx), so React's first render is the same page: no spinner, no skeleton in between.
 */
export function seedFirstView(client: QueryClient): boolean {
  const text = document.getElementById('first-view-data')?.textContent;
  if (!text) return false;
  try {
    for (const [key, data] of JSON.parse(text) as [QueryKey, unknown][]) client.setQueryData(key, data);
    return true;
  } catch {
    return false;
  }
}

/** The server-rendered first view's container (React's root when it hydrates), if the page has one. */
export const firstViewRoot = (): HTMLElement | null => document.querySelector<HTMLElement>('#root > .first-view');

/**
 * Placed beside a page's content: once that content is hydrated (its Suspense boundary is hydrated
 * after the layout's), the first view becomes the live page: clickable, focusable, in the
 * accessibility tree. Its box stays `display: contents` (`.app-root`), React's root.
 */
export function FirstViewTakenOver() {
  useEffect(() => {
    const view = firstViewRoot();
    if (!view) return;
    view.removeAttribute('inert');
    view.removeAttribute('aria-disabled');
    view.className = 'app-root';
  }, []);
  return null;
}
