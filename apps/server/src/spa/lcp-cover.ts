import type { THome, TTrackPage } from '@wavecast/shared';
import type { PeekAnswer } from './first-view';

/** Explore's first request (web useTrackPages on a plain /explore), as spa/first-paint.ts preloads it. */
const EXPLORE_FIRST_PAGE = '/api/explore/tracks?sort=recent';

/**
 * The largest cover of a page's first view on a phone (its LCP element), when the server already
 * has it: Home's first recent upload and Explore's first track from the anonymous answers the
 * micro-cache holds (ADR 0003; none before their first request, or when a live stream tops the
 * page), the audio page's cover from its share card. No query of its own: a page without one simply gets no image preload.
 */
export function lcpCoverReader(peek: PeekAnswer) {
  // The cached answers change every few seconds at most: parse each body once.
  const parsed = new Map<string, { body: string; value: unknown }>();
  const cached = <T>(url: string): T | null => {
    const body = peek(url);
    if (!body) return null;
    let hit = parsed.get(url);
    if (hit?.body !== body) {
      let value: unknown = null;
      try {
        value = JSON.parse(body);
      } catch {
        value = null;
      }
      hit = { body, value };
      parsed.set(url, hit);
    }
    return hit.value as T | null;
  };
  return (url: string, card: { cover?: string } | null): string | null => {
    const home = cached<THome>('/api/home');
    // A live stream tops Home and Explore: its card is the largest then, not a cover.
    if (url === '/') return home && home.live.length === 0 ? (home.recent[0]?.coverUrl ?? null) : null;
    if (url === '/explore') {
      if (!home || home.live.length > 0) return null;
      return cached<TTrackPage>(EXPLORE_FIRST_PAGE)?.items[0]?.coverUrl ?? null;
    }
    return card?.cover ?? null;
  };
}
