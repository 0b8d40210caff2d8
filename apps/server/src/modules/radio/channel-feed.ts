import type { TRadioChannel } from '@wavecast/shared';
import { radioPaths } from '@wavecast/shared';
import { esc } from '../podcasts/feed';

/** What the channel's stream is served as (the relay's endless WebM/Opus, ADR 0042). */
const STREAM_TYPE = 'audio/webm';

/**
 * A channel's RSS 2.0 entry (issue 38), beside its M3U and PLS: one item whose enclosure is the
 * channel's stable stream address, for podcast and radio apps that subscribe to feeds. The stream
 * has no length: the enclosure says 0, as internet radio feeds do. The item's guid is the channel's,
 * so an app never sees a "new episode" for the same station.
 */
export function channelRss(c: TRadioChannel, base: string): string {
  const abs = (p: string) => (/^https?:\/\//.test(p) ? p : `${base}${p}`);
  const page = abs(radioPaths.page(c.id));
  const about = c.description || `${c.name}, a 24/7 radio channel by ${c.owner.displayName} on Wavecast`;
  const created = new Date(c.createdAt).toUTCString();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${esc(c.name)}</title>`,
    `<link>${esc(page)}</link>`,
    `<description>${esc(about)}</description>`,
    `<atom:link href="${esc(abs(radioPaths.rss(c.id)))}" rel="self" type="application/rss+xml"/>`,
    '<language>en</language>',
    `<itunes:author>${esc(c.owner.displayName)}</itunes:author>`,
    `<itunes:category text="${esc(c.category)}"/>`,
    c.coverUrl ? `<itunes:image href="${esc(abs(c.coverUrl))}"/>` : '',
    '<item>',
    `<title>${esc(`${c.name} (live)`)}</title>`,
    `<link>${esc(page)}</link>`,
    `<description>${esc(about)}</description>`,
    `<guid isPermaLink="false">wavecast-radio-${esc(c.id)}</guid>`,
    `<pubDate>${created}</pubDate>`,
    `<enclosure url="${esc(abs(radioPaths.stream(c.id)))}" length="0" type="${STREAM_TYPE}"/>`,
    `<itunes:author>${esc(c.owner.displayName)}</itunes:author>`,
    '</item>',
    '</channel>',
    '</rss>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}
