import type { THome } from '@wavecast/shared';
import type { AppContext } from '../context';
import { publicCache } from '../modules/discovery/public-cache';
import type { ShareCard } from '../modules/embeds/share-cards';

/**
 * The largest cover of a page's first view on a phone (its LCP element), when the server already
 * has it: Home's first recent upload from the anonymous answer the micro-cache holds (ADR 0003;
 * none when the cache is cold or a live stream tops the page), the audio page's cover from its
 * share card. No query of its own: a page without one simply gets no image preload.
 */
export function lcpCoverReader(ctx: AppContext) {
  // Home's answer changes every few seconds at most: parse each cached body once.
  let parsed: { body: string; cover: string | null } | null = null;
  const homeCover = (): string | null => {
    const body = publicCache(ctx).peek('/api/home');
    if (!body) return null;
    if (parsed?.body !== body) {
      let cover: string | null = null;
      try {
        const home = JSON.parse(body) as THome;
        if (home.live.length === 0) cover = home.recent[0]?.coverUrl ?? null;
      } catch {
        cover = null;
      }
      parsed = { body, cover };
    }
    return parsed.cover;
  };
  return (pathname: string, card: ShareCard | null): string | null => {
    if (pathname === '/') return homeCover();
    return card?.cover ?? null;
  };
}
