import { feedPaths } from '@wavecast/shared';
import { Rss } from 'lucide-react';
import { useEffect } from 'react';

/**
 * Puts `<link rel="alternate" type="application/rss+xml">` in the document head while mounted
 * (the server writes the same link into the HTML it serves for the page, for feed readers).
 */
export function useAlternateFeed(href: string | null, title: string) {
  useEffect(() => {
    if (!href) return;
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.type = 'application/rss+xml';
    link.title = title;
    link.href = href;
    link.dataset.wavecastFeed = '';
    // The server-rendered one for this page is replaced, not doubled.
    for (const old of document.head.querySelectorAll('link[rel="alternate"][type="application/rss+xml"]')) old.remove();
    document.head.append(link);
    return () => link.remove();
  }, [href, title]);
}

/** The creator's podcast feed: a link on the profile, and the head's alternate link. */
export function CreatorFeedLink({ userId, name }: { userId: string; name: string }) {
  const href = feedPaths.creator(userId);
  useAlternateFeed(href, `${name} (podcast feed)`);
  return (
    <a
      href={href}
      className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-primary"
      data-testid="feed-link"
    >
      <Rss className="size-4" aria-hidden />
      Podcast feed (RSS)
    </a>
  );
}
