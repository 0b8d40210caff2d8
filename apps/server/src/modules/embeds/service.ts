import { DEFAULT_COVER_URL, type EmbedKind, embedIframe, isUuid, radioPaths } from '@wavecast/shared';
import { eq, inArray } from 'drizzle-orm';
import { loadVisibleTrack } from '../../access/tracks';
import type { AppContext } from '../../context';
import { audioContent, users } from '../../db/schema';
import { perApp } from '../../lib/per-app';
import { loadStream } from '../live/load';
import { streamStatus } from '../live/presenter';
import { canViewPlaylist } from '../playlists/policy';
import { findPlaylist } from '../playlists/repo';
import { podcastRepo } from '../podcasts/repo';
import { radioService } from '../radio/service';
import { coverVersion, streamVersion } from '../tracks/presenter';
import type { TrackRow } from '../tracks/repo';

/** What the embedded player plays: public things only (an embed is seen by anyone). */
export interface EmbedTrack {
  id: string;
  title: string;
  creator: string;
  coverUrl: string;
  streamUrl: string;
  duration: number;
  pageUrl: string;
}
export interface EmbedData {
  kind: 'track' | 'playlist';
  id: string;
  title: string;
  creator: string;
  pageUrl: string;
  coverUrl: string;
  tracks: EmbedTrack[];
}

/** A live stream's embed: the player asks `/api/live/:id` again for its state while it is shown. */
export interface EmbedLive {
  kind: 'live';
  id: string;
  title: string;
  creator: string;
  pageUrl: string;
  coverUrl: string;
  status: 'pending' | 'live' | 'ended';
  streamUrl: string;
}

/**
 * A radio channel's embed (issue 38): on air or not ("Off air" until it is); the frame asks
 * `/api/radio/channels/:id` again for its state and now playing while it is shown.
 */
export interface EmbedRadio {
  kind: 'radio';
  id: string;
  title: string;
  creator: string;
  pageUrl: string;
  coverUrl: string;
  onAir: boolean;
  /** The relay stream it airs on (the live engine's id), and where listeners get it; null off air. */
  streamId: string | null;
  streamUrl: string | null;
  nowPlaying: { title: string; artist: string } | null;
}

export const embedService = perApp(makeEmbedService);

function makeEmbedService(ctx: AppContext) {
  const { db } = ctx.database;
  const base = ctx.config.PUBLIC_URL.replace(/\/+$/, '');
  const abs = (p: string) => (/^https?:\/\//.test(p) ? p : `${base}${p}`);

  async function names(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db.select({ id: users.id, n: users.displayName }).from(users).where(inArray(users.id, ids));
    return new Map(rows.map((r) => [r.id, r.n ?? 'Unknown Creator']));
  }

  const present = (row: TrackRow, creator: string): EmbedTrack => ({
    id: row.id,
    title: row.title,
    creator,
    coverUrl: row.coverKey ? `/api/tracks/${row.id}/cover?size=300&v=${coverVersion(row)}` : DEFAULT_COVER_URL,
    streamUrl: `/api/tracks/${row.id}/stream?v=${streamVersion(row)}`,
    duration: row.duration,
    pageUrl: abs(`/audio/${row.id}`),
  });

  return {
    abs,

    /** A public, ready track; null otherwise (the frame answers 404). */
    async track(id: string): Promise<EmbedData | null> {
      if (!(await loadVisibleTrack(ctx.database, null, id))) return null;
      const [row] = await db.select().from(audioContent).where(eq(audioContent.id, id));
      if (!row) return null;
      const creator = (await names([row.userId])).get(row.userId) ?? 'Unknown Creator';
      const t = present(row, creator);
      return {
        kind: 'track',
        id: row.id,
        title: row.title,
        creator,
        pageUrl: t.pageUrl,
        coverUrl: t.coverUrl,
        tracks: [t],
      };
    },

    /** A public playlist and its public, ready tracks; null otherwise. */
    async playlist(id: string): Promise<EmbedData | null> {
      if (!isUuid(id)) return null;
      const row = await findPlaylist(db, id);
      if (!row || !canViewPlaylist(null, row)) return null;
      const rows = await podcastRepo(ctx.database).playlistEpisodes(id);
      const creators = await names([...new Set([row.userId, ...rows.map((r) => r.userId)])]);
      const tracks = rows.map((r) => present(r, creators.get(r.userId) ?? 'Unknown Creator'));
      return {
        kind: 'playlist',
        id: row.id,
        title: row.name,
        creator: creators.get(row.userId) ?? 'Unknown Creator',
        pageUrl: abs(`/playlist/${row.id}`),
        coverUrl: row.coverKey ? `/api/playlists/${row.id}/cover` : (tracks[0]?.coverUrl ?? DEFAULT_COVER_URL),
        tracks,
      };
    },

    /**
     * A live stream anyone may see (a suspended creator's is hidden), on air or not: the frame
     * says "Offline" until it is. `streamUrl` is where listeners get it (ours, or a relay).
     */
    async live(id: string, streamUrl: (id: string) => string): Promise<EmbedLive | null> {
      if (!isUuid(id)) return null;
      const row = await loadStream(db, null, id).catch(() => null);
      if (!row) return null;
      const creator = (await names([row.userId])).get(row.userId) ?? 'Unknown Creator';
      return {
        kind: 'live',
        id: row.id,
        title: row.title,
        creator,
        pageUrl: abs(`/live/${row.id}`),
        coverUrl: row.thumbnailUrl ?? DEFAULT_COVER_URL,
        status: streamStatus(row),
        streamUrl: streamUrl(row.id),
      };
    },

    /** A channel anyone may see (a suspended creator's is hidden), on air or not; null otherwise. */
    async radio(id: string, streamUrl: (streamId: string) => string): Promise<EmbedRadio | null> {
      const c = await radioService(ctx)
        .get(null, id)
        .catch(() => null);
      if (!c) return null;
      return {
        kind: 'radio',
        id: c.id,
        title: c.name,
        creator: c.owner.displayName,
        pageUrl: abs(radioPaths.page(c.id)),
        coverUrl: c.coverUrl ?? DEFAULT_COVER_URL,
        onAir: c.onAir,
        streamId: c.streamId,
        streamUrl: c.onAir && c.streamId ? streamUrl(c.streamId) : null,
        nowPlaying: c.nowPlaying ? { title: c.nowPlaying.title, artist: c.nowPlaying.artist } : null,
      };
    },

    /** The iframe code of an embed (what Share → Embed copies, and oEmbed's html). */
    iframe(kind: EmbedKind, id: string, title: string, size: { width: number; height: number }) {
      return embedIframe(base, kind, id, title, size);
    },
  };
}
