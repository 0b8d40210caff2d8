import { feedPaths, isUuid, PODCAST_DEFAULTS, type TShowSettings, type TShowSettingsInput } from '@wavecast/shared';
import { canSeeTrack } from '../../access/tracks';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import { cachedStat, cachedTrack } from '../delivery/cache';
import type { TrackRow } from '../tracks/repo';
import { ensureChannelArt, playlistArtPath, playlistArtSpec, showArtPath, showArtSpec } from './channel-art';
import { enclosureOf } from './enclosure';
import { episodeArtPath } from './episode-art';
import { type FeedChannel, type FeedEpisode, feedEtag, renderFeed } from './feed';
import { podcastRepo, type ShowRow, transcriptTimes } from './repo';

export interface RenderedFeed {
  xml: string;
  etag: string;
  lastModified: Date;
}

const latest = (dates: (Date | null | undefined)[]) =>
  new Date(Math.max(0, ...dates.filter((d): d is Date => d instanceof Date).map((d) => d.getTime())));

/** Podcast feeds of creators and public playlists, the show settings, and chapters as JSON. */
export const podcastService = perApp(makePodcastService);

function makePodcastService(ctx: AppContext) {
  const repo = podcastRepo(ctx.database);
  const base = ctx.config.PUBLIC_URL.replace(/\/+$/, '');
  const abs = (p: string) => (/^https?:\/\//.test(p) ? p : `${base}${p}`);

  function settingsOf(userId: string, row: ShowRow | undefined): TShowSettings {
    return {
      title: row?.title ?? null,
      description: row?.description ?? null,
      category: (row?.category as TShowSettings['category']) ?? PODCAST_DEFAULTS.category,
      language: row?.language ?? PODCAST_DEFAULTS.language,
      explicit: row?.explicit ?? PODCAST_DEFAULTS.explicit,
      ownerEmail: row?.ownerEmail ?? null,
      feedUrl: abs(feedPaths.creator(userId)),
    };
  }

  /** podcast:transcript: WebVTT for timed transcripts, plain text for pasted ones. */
  function transcriptOf(trackId: string, t: { format: string } | undefined) {
    if (!t) return null;
    return t.format === 'text'
      ? { url: abs(`/api/tracks/${trackId}/transcript.txt`), type: 'text/plain' }
      : { url: abs(`/api/tracks/${trackId}/transcript.vtt`), type: 'text/vtt' };
  }

  async function episodes(rows: TrackRow[]): Promise<{ items: FeedEpisode[]; changed: Date[] }> {
    const transcripts = await transcriptTimes(
      ctx.database,
      rows.map((r) => r.id),
    );
    const items: FeedEpisode[] = [];
    for (const row of rows) {
      const enc = enclosureOf(row);
      const stat = await cachedStat(ctx, enc.key);
      if (!stat) continue; // The file is gone: an enclosure without bytes would break podcast apps.
      items.push({
        guid: row.id,
        title: row.title,
        description: row.description ?? '',
        link: abs(`/audio/${row.id}`),
        pubDate: row.createdAt,
        duration: row.duration,
        // Every episode has art of the size podcast apps ask for (the cover's, or a generated one).
        imageUrl: abs(episodeArtPath(row)),
        enclosure: { url: abs(enc.url), length: stat.size, type: enc.type },
        chaptersUrl: row.chapterMarkers?.length ? abs(`/api/podcasts/chapters/${row.id}.json`) : null,
        transcript: transcriptOf(row.id, transcripts.get(row.id)),
      });
    }
    return { items, changed: [...rows.map((r) => r.updatedAt), ...[...transcripts.values()].map((t) => t.at)] };
  }

  function finish(channel: Omit<FeedChannel, 'lastBuildDate'>, changed: (Date | null | undefined)[]): RenderedFeed {
    const lastModified = latest(changed);
    // Last-Modified has one-second resolution: the feed says the same second it answers with.
    lastModified.setMilliseconds(0);
    const xml = renderFeed({ ...channel, lastBuildDate: lastModified });
    return { xml, etag: feedEtag(xml), lastModified };
  }

  return {
    settingsOf,

    async settings(user: SessionUser): Promise<TShowSettings> {
      return settingsOf(user.id, await repo.show(user.id));
    },

    async saveSettings(user: SessionUser, input: TShowSettingsInput): Promise<TShowSettings> {
      const saved = await repo.saveShow({
        userId: user.id,
        title: input.title || null,
        description: input.description || null,
        category: input.category,
        language: input.language,
        explicit: input.explicit,
        ownerEmail: input.ownerEmail,
        updatedAt: ctx.clock.now(),
      });
      return settingsOf(user.id, saved);
    },

    /** A user's discoverable tracks as a show; 404 for a user that does not exist or is suspended. */
    async creatorFeed(userId: string): Promise<RenderedFeed> {
      const owner = await repo.owner(userId);
      // A suspended creator's profile is hidden (404), and so is its show.
      if (!owner || owner.suspended) throw notFound('Feed');
      const [show, rows] = await Promise.all([repo.show(userId), repo.creatorEpisodes(userId)]);
      const s = settingsOf(userId, show);
      const name = owner.displayName ?? 'Unknown Creator';
      const { items, changed } = await episodes(rows);
      return finish(
        {
          feedUrl: s.feedUrl,
          title: s.title ?? name,
          description: s.description ?? owner.bio ?? `Audio by ${name} on Wavecast`,
          link: abs(`/profile/${userId}`),
          language: s.language,
          category: s.category,
          explicit: s.explicit,
          author: name,
          ownerName: name,
          ownerEmail: s.ownerEmail,
          // A 1400 px square JPEG of the avatar, or a generated one (channel-art.ts).
          imageUrl: abs(showArtPath(owner)),
          episodes: items,
        },
        [...changed, show?.updatedAt],
      );
    },

    /** A public playlist as a show (its owner's show settings for category, language, explicit, owner). */
    async playlistFeed(playlistId: string): Promise<RenderedFeed> {
      const playlist = await repo.playlist(playlistId);
      if (!playlist?.isPublic) throw notFound('Feed');
      const [owner, show, rows, itemsChanged] = await Promise.all([
        repo.owner(playlist.userId),
        repo.show(playlist.userId),
        repo.playlistEpisodes(playlistId),
        repo.playlistChangedAt(playlistId),
      ]);
      if (owner?.suspended) throw notFound('Feed'); // hidden with the owner's profile (playlists/policy)
      const s = settingsOf(playlist.userId, show);
      const name = owner?.displayName ?? 'Unknown Creator';
      const { items, changed } = await episodes(rows);
      // Art of the size podcast apps ask for: the playlist's cover, else its first episode's cover
      // (that episode's art), else a generated one.
      const cover = !playlist.coverKey && rows[0]?.coverKey ? episodeArtPath(rows[0]) : playlistArtPath(playlist);
      return finish(
        {
          feedUrl: abs(feedPaths.playlist(playlist.id)),
          title: playlist.name,
          description: playlist.description || `A playlist by ${name} on Wavecast`,
          link: abs(`/playlist/${playlist.id}`),
          language: s.language,
          category: s.category,
          explicit: s.explicit,
          author: name,
          ownerName: name,
          ownerEmail: s.ownerEmail,
          imageUrl: abs(cover),
          episodes: items,
        },
        [...changed, show?.updatedAt, playlist.updatedAt, itemsChanged],
      );
    },

    /** The stored channel art of a creator's show (made now if need be); 404 as its feed. */
    async showArt(userId: string): Promise<{ key: string; version: string }> {
      const owner = await repo.owner(userId);
      if (!owner || owner.suspended) throw notFound('Cover');
      const spec = showArtSpec(owner);
      return { key: await ensureChannelArt(ctx, spec), version: spec.version };
    },

    /** The stored channel art of a public playlist's show (made now if need be); 404 as its feed. */
    async playlistArt(playlistId: string): Promise<{ key: string; version: string }> {
      const playlist = await repo.playlist(playlistId);
      if (!playlist?.isPublic) throw notFound('Cover');
      const owner = await repo.owner(playlist.userId);
      if (!owner || owner.suspended) throw notFound('Cover');
      const spec = playlistArtSpec(playlist);
      return { key: await ensureChannelArt(ctx, spec), version: spec.version };
    },

    /** Podcasting 2.0 JSON chapters of a track anyone may see. */
    async chapters(trackId: string) {
      const track = isUuid(trackId) ? await cachedTrack(ctx, trackId) : null;
      if (!track || !canSeeTrack(null, track)) throw new AppError('NOT_FOUND', 'Audio not found');
      return {
        version: '1.2.0' as const,
        chapters: [...(track.chapterMarkers ?? [])]
          .sort((a, b) => a.startTime - b.startTime)
          .map((c) => ({ startTime: c.startTime, title: c.title })),
      };
    },
  };
}
