import { createHash } from 'node:crypto';
import { PODCAST_ART_SIZE } from '../../media/podcast-art';

/**
 * RSS 2.0 with the iTunes and Podcasting 2.0 namespaces, as plain strings: everything that comes
 * from a user passes through `esc` (text and attributes alike) or `cdata`.
 */

export interface FeedEpisode {
  guid: string;
  title: string;
  description: string;
  link: string;
  pubDate: Date;
  duration: number;
  imageUrl: string | null;
  enclosure: { url: string; length: number; type: string };
  chaptersUrl: string | null;
  transcript: { url: string; type: string } | null;
}

export interface FeedChannel {
  /** podcast:guid: a UUIDv5 of the feed URL without scheme (Podcasting 2.0 rule). */
  feedUrl: string;
  title: string;
  description: string;
  link: string;
  language: string;
  category: string;
  explicit: boolean;
  author: string;
  ownerName: string;
  ownerEmail: string | null;
  imageUrl: string;
  lastBuildDate: Date;
  episodes: FeedEpisode[];
}

// XML 1.0 forbids these control characters even escaped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export const esc = (s: string) =>
  s
    .replace(INVALID_XML, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');

/** HH:MM:SS for itunes:duration. */
export function itunesDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

const PODCAST_NS = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

/** A UUIDv5 (SHA-1, RFC 4122) of `name` in `namespace`. */
export function uuidV5(name: string, namespace = PODCAST_NS): string {
  const ns = Buffer.from(namespace.replaceAll('-', ''), 'hex');
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const h = hash.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The podcast:guid of a feed: UUIDv5 of its URL with the scheme and trailing slashes removed. */
export const podcastGuid = (feedUrl: string) => uuidV5(feedUrl.replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, ''));

export function renderFeed(c: FeedChannel): string {
  const lines: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    '<channel>',
    `<title>${esc(c.title)}</title>`,
    `<link>${esc(c.link)}</link>`,
    `<description>${esc(c.description)}</description>`,
    `<language>${esc(c.language)}</language>`,
    `<lastBuildDate>${c.lastBuildDate.toUTCString()}</lastBuildDate>`,
    `<generator>Wavecast</generator>`,
    `<atom:link href="${esc(c.feedUrl)}" rel="self" type="application/rss+xml"/>`,
    `<podcast:guid>${podcastGuid(c.feedUrl)}</podcast:guid>`,
    // Locked: other platforms may not import this show without the owner's consent.
    c.ownerEmail
      ? `<podcast:locked owner="${esc(c.ownerEmail)}">yes</podcast:locked>`
      : '<podcast:locked>yes</podcast:locked>',
    `<itunes:author>${esc(c.author)}</itunes:author>`,
    `<itunes:summary>${esc(c.description)}</itunes:summary>`,
    `<itunes:type>episodic</itunes:type>`,
    `<itunes:owner><itunes:name>${esc(c.ownerName)}</itunes:name>${c.ownerEmail ? `<itunes:email>${esc(c.ownerEmail)}</itunes:email>` : ''}</itunes:owner>`,
    `<itunes:image href="${esc(c.imageUrl)}"/>`,
    `<image><url>${esc(c.imageUrl)}</url><title>${esc(c.title)}</title><link>${esc(c.link)}</link></image>`,
    `<itunes:category text="${esc(c.category)}"/>`,
    `<itunes:explicit>${c.explicit ? 'true' : 'false'}</itunes:explicit>`,
  ];
  for (const e of c.episodes) {
    lines.push(
      '<item>',
      `<title>${esc(e.title)}</title>`,
      `<description>${esc(e.description)}</description>`,
      `<link>${esc(e.link)}</link>`,
      `<guid isPermaLink="false">${esc(e.guid)}</guid>`,
      `<pubDate>${e.pubDate.toUTCString()}</pubDate>`,
      `<enclosure url="${esc(e.enclosure.url)}" length="${e.enclosure.length}" type="${esc(e.enclosure.type)}"/>`,
      `<itunes:title>${esc(e.title)}</itunes:title>`,
      `<itunes:duration>${itunesDuration(e.duration)}</itunes:duration>`,
      `<itunes:explicit>${c.explicit ? 'true' : 'false'}</itunes:explicit>`,
      `<itunes:episodeType>full</itunes:episodeType>`,
    );
    if (e.imageUrl) {
      lines.push(
        `<itunes:image href="${esc(e.imageUrl)}"/>`,
        `<podcast:images srcset="${esc(e.imageUrl)} ${PODCAST_ART_SIZE}w"/>`,
      );
    }
    if (e.chaptersUrl) lines.push(`<podcast:chapters url="${esc(e.chaptersUrl)}" type="application/json+chapters"/>`);
    if (e.transcript) {
      lines.push(`<podcast:transcript url="${esc(e.transcript.url)}" type="${esc(e.transcript.type)}"/>`);
    }
    lines.push('</item>');
  }
  lines.push('</channel>', '</rss>', '');
  return lines.join('\n');
}

/** A strong validator of the feed's bytes. */
export const feedEtag = (xml: string) => `"${createHash('sha256').update(xml).digest('base64url').slice(0, 27)}"`;
