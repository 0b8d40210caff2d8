import { describe, expect, it } from 'vitest';
import { esc, itunesDuration, podcastGuid, renderFeed, uuidV5 } from './feed';

describe('feed pieces', () => {
  it('escapes text and attributes, dropping characters XML cannot hold', () => {
    expect(esc(`a<b>&"c'\u0000\u0007d`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;d');
  });

  it('writes itunes:duration as HH:MM:SS', () => {
    expect(itunesDuration(0)).toBe('00:00:00');
    expect(itunesDuration(3.4)).toBe('00:00:03');
    expect(itunesDuration(3725.6)).toBe('01:02:06');
  });

  it('podcast:guid is the UUIDv5 of the feed URL without its scheme (the Podcasting 2.0 example)', () => {
    // https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/tags/guid.md
    expect(podcastGuid('https://mp3s.nashownotes.com/pc20rss.xml')).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
    expect(uuidV5('mp3s.nashownotes.com/pc20rss.xml')).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
  });

  it('renders the owner into podcast:locked only when there is one', () => {
    const channel = {
      feedUrl: 'https://x.test/feeds/creators/u.xml',
      title: 'T',
      description: 'D',
      link: 'https://x.test/profile/u',
      language: 'en',
      category: 'Music',
      explicit: false,
      author: 'A',
      ownerName: 'A',
      ownerEmail: null,
      imageUrl: 'https://x.test/c.png',
      lastBuildDate: new Date('2026-01-01T00:00:00Z'),
      episodes: [],
    };
    expect(renderFeed(channel)).toContain('<podcast:locked>yes</podcast:locked>');
    expect(renderFeed({ ...channel, ownerEmail: 'o"@x.test' })).toContain(
      '<podcast:locked owner="o&quot;@x.test">yes</podcast:locked>',
    );
  });
});
