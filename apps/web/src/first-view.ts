import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The first view the server rendered into index.html (ADR 0022): its markup sits in #root, inert,
 * until React's first render replaces it. The query cache it was rendered from rides along as JSON
 * (`[queryKey, data]` pairs, written by server-entry.tsx), so React's first render shows the same
 * page: no spinner, no skeleton in between.
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
