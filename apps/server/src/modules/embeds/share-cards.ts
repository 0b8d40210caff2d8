import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_COVER_URL, feedPaths, isUuid, radioPaths } from '@wavecast/shared';
import { eq } from 'drizzle-orm';
import { loadVisibleTrack } from '../../access/tracks';
import type { AppContext } from '../../context';
import { audioContent, users } from '../../db/schema';
import { escHtml } from '../../lib/html';
import { loadStream } from '../live/load';
import { canViewPlaylist } from '../playlists/policy';
import { findPlaylist } from '../playlists/repo';
import { enclosureOf } from '../podcasts/enclosure';
import { profileService } from '../profiles/service';
import { radioService } from '../radio/service';
import { coverVersion } from '../tracks/presenter';
import { coverForOtherSites, DEFAULT_COVER_IMAGE_URL } from './default-cover';

/**
 * Share cards: the SPA's index.html for /audio/:id, /profile/:id, /live/:id, /playlist/:id and /radio/:id
 * carries Open Graph and Twitter tags (title, creator, cover, audio) rendered by the server, for
 * every client (crawlers run no JavaScript), plus the feed and oEmbed discovery links. Only what
 * an anonymous visitor may see is described; everything is escaped.
 */

export interface ShareCard {
  title: string;
  description: string;
  /** Absolute URLs below. */
  url: string;
  /** What other sites show (og:image): never the SVG default (default-cover.ts). */
  image: string;
  type: 'music.song' | 'profile' | 'music.playlist' | 'video.other';
  creator: string | null;
  audio?: { url: string; type: string };
  links: { rel: string; type: string; href: string; title: string }[];
  /** The page's own cover as its `<img>` asks for it (a path), for the first-paint preload (ADR 0022). */
  cover?: string;
}

const PAGE = /^\/(audio|profile|live|playlist|radio)\/([^/?#]{1,100})\/?(?:[?#].*)?$/;

/** The card of a page path, or null when the path is no card page or its subject is hidden. */
export async function shareCardFor(ctx: AppContext, urlPath: string): Promise<ShareCard | null> {
  const m = PAGE.exec(urlPath);
  if (!m) return null;
  const [, kind, rawId] = m;
  let id: string;
  try {
    id = decodeURIComponent(rawId);
  } catch {
    return null;
  }
  const base = ctx.config.PUBLIC_URL.replace(/\/+$/, '');
  const abs = (p: string) => (/^https?:\/\//.test(p) ? p : `${base}${p}`);
  const { db } = ctx.database;
  const nameOf = async (userId: string) =>
    (await db.select({ n: users.displayName }).from(users).where(eq(users.id, userId)))[0]?.n ?? 'Unknown Creator';
  const oembed = (page: string, title: string) => ({
    rel: 'alternate',
    type: 'application/json+oembed',
    href: abs(`/api/oembed?format=json&url=${encodeURIComponent(abs(page))}`),
    title,
  });

  if (kind === 'audio') {
    if (!(await loadVisibleTrack(ctx.database, null, id))) return null;
    const [row] = await db.select().from(audioContent).where(eq(audioContent.id, id));
    if (!row) return null;
    const creator = await nameOf(row.userId);
    const enc = enclosureOf(row);
    return {
      title: row.title,
      description: row.description || `Listen to ${row.title} by ${creator} on Wavecast`,
      url: abs(`/audio/${row.id}`),
      image: abs(row.coverKey ? `/api/tracks/${row.id}/cover?v=${coverVersion(row)}` : DEFAULT_COVER_IMAGE_URL),
      type: 'music.song',
      creator,
      audio: { url: abs(enc.url), type: enc.type },
      links: [oembed(`/audio/${row.id}`, row.title)],
      cover: row.coverKey ? `/api/tracks/${row.id}/cover?v=${coverVersion(row)}` : DEFAULT_COVER_URL,
    };
  }
  if (kind === 'playlist') {
    if (!isUuid(id)) return null;
    const row = await findPlaylist(db, id);
    if (!row || !canViewPlaylist(null, row)) return null;
    const creator = await nameOf(row.userId);
    return {
      title: row.name,
      description: row.description || `A playlist by ${creator} on Wavecast`,
      url: abs(`/playlist/${row.id}`),
      image: abs(row.coverKey ? `/api/playlists/${row.id}/cover` : DEFAULT_COVER_IMAGE_URL),
      type: 'music.playlist',
      creator,
      links: [
        { rel: 'alternate', type: 'application/rss+xml', href: abs(feedPaths.playlist(row.id)), title: row.name },
        oembed(`/playlist/${row.id}`, row.name),
      ],
    };
  }
  if (kind === 'live') {
    if (!isUuid(id)) return null;
    // The live module's rule: a suspended creator's stream is hidden.
    const row = await loadStream(db, null, id).catch(() => null);
    if (!row) return null;
    const creator = await nameOf(row.userId);
    return {
      title: row.isActive ? `🔴 ${row.title}` : row.title,
      description: row.description || `${creator} ${row.isActive ? 'is live' : 'was live'} on Wavecast`,
      url: abs(`/live/${row.id}`),
      image: abs(coverForOtherSites(row.thumbnailUrl ?? DEFAULT_COVER_IMAGE_URL)),
      type: 'video.other',
      creator,
      links: [oembed(`/live/${row.id}`, row.title)],
    };
  }
  if (kind === 'radio') {
    // The radio module's rule: a suspended creator's channel is hidden.
    const c = await radioService(ctx)
      .get(null, id)
      .catch(() => null);
    if (!c) return null;
    const page = radioPaths.page(c.id);
    return {
      title: c.onAir ? `📻 ${c.name}` : c.name,
      description: c.description || `${c.name}, a radio channel by ${c.owner.displayName} on Wavecast`,
      url: abs(page),
      image: abs(coverForOtherSites(c.coverUrl ?? DEFAULT_COVER_IMAGE_URL)),
      type: 'music.playlist',
      creator: c.owner.displayName,
      links: [
        { rel: 'alternate', type: 'application/rss+xml', href: abs(radioPaths.rss(c.id)), title: c.name },
        oembed(page, c.name),
      ],
    };
  }
  // profile: only what an anonymous visitor may see (privacy settings apply).
  const profile = await profileService(ctx)
    .get(null, id)
    .catch(() => null);
  if (!profile) return null;
  const name = profile.displayName || 'Unknown Creator';
  const links =
    profile.role === 'creator'
      ? [
          {
            rel: 'alternate',
            type: 'application/rss+xml',
            href: abs(feedPaths.creator(profile.id)),
            title: `${name} (podcast feed)`,
          },
        ]
      : [];
  return {
    title: name,
    description: profile.bio || `${name} on Wavecast`,
    url: abs(`/profile/${profile.id}`),
    image: abs(profile.avatarUrl ?? DEFAULT_COVER_IMAGE_URL),
    type: 'profile',
    creator: name,
    links,
  };
}

/** The tags of a card, escaped. */
export function cardTags(card: ShareCard): string {
  const meta = (attr: 'property' | 'name', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escHtml(value)}" />`;
  const tags = [
    `<title>${escHtml(card.title)} · Wavecast</title>`,
    meta('name', 'description', card.description),
    meta('property', 'og:site_name', 'Wavecast'),
    meta('property', 'og:type', card.type),
    meta('property', 'og:title', card.title),
    meta('property', 'og:description', card.description),
    meta('property', 'og:url', card.url),
    meta('property', 'og:image', card.image),
    meta('name', 'twitter:card', card.audio ? 'player' : 'summary'),
    meta('name', 'twitter:title', card.title),
    meta('name', 'twitter:description', card.description),
    meta('name', 'twitter:image', card.image),
  ];
  if (card.creator) tags.push(meta('name', 'author', card.creator), meta('property', 'music:musician', card.creator));
  if (card.audio) {
    tags.push(meta('property', 'og:audio', card.audio.url), meta('property', 'og:audio:type', card.audio.type));
  }
  for (const l of card.links) {
    tags.push(
      `<link rel="${escHtml(l.rel)}" type="${escHtml(l.type)}" href="${escHtml(l.href)}" title="${escHtml(l.title)}" />`,
    );
  }
  tags.push(`<link rel="canonical" href="${escHtml(card.url)}" />`);
  return tags.join('\n    ');
}

/** index.html with a card's tags in its head (its own <title> and description give way). */
export function withCard(html: string, card: ShareCard): string {
  const stripped = html.replace(/<title>[\s\S]*?<\/title>/, '').replace(/<meta name="description"[^>]*>/, '');
  return stripped.replace('</head>', `  ${cardTags(card)}\n  </head>`);
}

/** Reads index.html once per build (its mtime tells a rebuild). */
export function indexHtmlReader(dist: string) {
  const file = path.join(dist, 'index.html');
  let cached: { mtimeMs: number; html: string } | null = null;
  return () => {
    const { mtimeMs } = fs.statSync(file);
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: fs.readFileSync(file, 'utf8') };
    return cached.html;
  };
}
