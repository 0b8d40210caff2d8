import {
  PAGE_SIZES,
  resolveCategory,
  type SearchType,
  type THome,
  type TLiveStreamCard,
  type TSearchResults,
  type TTrack,
  type TTrackListQuery,
} from '@wavecast/shared';
import type { AppContext } from '../../context';
import { perApp } from '../../lib/per-app';
import { type SharedTrack, serializeLive, shareTracks, tracksFor } from './compose';
import { decodeCursor, encodeCursor } from './cursor';
import { presentLiveCard, presentTracks, presentUserCard } from './presenter';
import { publicCache } from './public-cache';
import * as repo from './repo';
import type { RawRow } from './rows';
import * as searchRepo from './search-repo';

/** Weekly play counts change slowly and cost an aggregate: reuse them for a little while. */
const WEEKLY_CACHE_MS = 30_000;

/** Home, Explore and search; the weekly aggregate is kept a little while (per app, in this closure). */
export const discoveryService = perApp(makeDiscoveryService);

function makeDiscoveryService(ctx: AppContext) {
  const { database } = ctx;
  const sharedRows = publicCache(ctx).rows;
  let weeklyCache: { at: number; rows: Promise<RawRow[]> } | undefined;

  /** Tracks with `liked` filled in for a signed-in viewer. */
  async function withLiked(rows: RawRow[], viewerId: string | null): Promise<TTrack[]> {
    const liked = viewerId
      ? await repo.likedAmong(
          database,
          viewerId,
          rows.map((r) => r.id as string),
        )
      : undefined;
    return presentTracks(rows, viewerId, liked);
  }

  /** Kept for WEEKLY_CACHE_MS once it is a full list (a short one is cheap to recount, and may grow). */
  function weeklyPopular(): Promise<RawRow[]> {
    const now = Date.now();
    if (!weeklyCache || now - weeklyCache.at > WEEKLY_CACHE_MS) {
      const rows = repo.popularThisWeek(database, PAGE_SIZES.homePopular);
      const entry = { at: now, rows };
      weeklyCache = entry;
      rows.then(
        (list) => {
          if (list.length < PAGE_SIZES.homePopular && weeklyCache === entry) weeklyCache = undefined;
        },
        () => {
          if (weeklyCache === entry) weeklyCache = undefined;
        },
      );
    }
    return weeklyCache.rows;
  }

  /**
   * Home: active streams, the newest uploads, and Popular This Week by plays of the last 7 days,
   * topped up with all-time favourites when the week had fewer than six played tracks. The shared
   * part comes from memory for PUBLIC_CACHE_MS; the viewer's flags are one query (compose.ts).
   * JSON, as ZHome serializes it.
   */
  async function home(viewerId: string | null): Promise<string> {
    const shared = await sharedRows.get('home', sharedHome);
    const [recent, popular] = await tracksFor(database, viewerId, [shared.recent, shared.popular]);
    return `{"live":${shared.live},"recent":${recent},"popular":${popular},"popularWindow":"${shared.popularWindow}"}`;
  }

  async function sharedHome() {
    const [live, recent, weekly] = await Promise.all([
      repo.listLive(database, { limit: PAGE_SIZES.homeLive }),
      repo.listTracks(database, { sort: 'recent', limit: PAGE_SIZES.homeRecent }),
      weeklyPopular(),
    ]);
    let popular = weekly;
    if (weekly.length < PAGE_SIZES.homePopular) {
      const allTime = await repo.listTracks(database, {
        sort: 'popular',
        limit: PAGE_SIZES.homePopular + weekly.length,
      });
      const seen = new Set(weekly.map((r) => r.id));
      popular = [...weekly, ...allTime.filter((r) => !seen.has(r.id))].slice(0, PAGE_SIZES.homePopular);
    }
    const window: THome['popularWindow'] = weekly.length >= PAGE_SIZES.homePopular ? 'week' : 'all';
    return {
      live: serializeLive(live.map(presentLiveCard)),
      recent: shareTracks(recent),
      popular: shareTracks(popular),
      popularWindow: window,
    };
  }

  /**
   * Explore / Categories: a keyset page of tracks (category, search text, sort from the URL); the
   * shared page from memory, the viewer's flags per request. JSON, as ZTrackPage serializes it.
   */
  async function listTracks(viewerId: string | null, q: TTrackListQuery): Promise<string> {
    const key = `explore:${JSON.stringify([q.category ?? null, q.q ?? null, q.sort, q.cursor ?? null, q.limit])}`;
    const shared = await sharedRows.get(key, () => sharedPage(q));
    const [items] = await tracksFor(database, viewerId, [shared.items]);
    return `{"items":${items},"nextCursor":${JSON.stringify(shared.nextCursor)}}`;
  }

  async function sharedPage(q: TTrackListQuery): Promise<{ items: SharedTrack[]; nextCursor: string | null }> {
    const category = resolveCategory(q.category);
    const after = decodeCursor(q.cursor, q.sort);
    const tsquery = q.q ? await repo.exploreTsquery(database, q.q) : undefined;
    if (tsquery === null) return { items: [], nextCursor: null };
    const rows = await repo.listTracks(database, {
      tsquery,
      categories: category?.trackCategories ?? undefined,
      liveRecordingsOnly: category?.liveRecordingsOnly,
      sort: q.sort,
      after,
      limit: q.limit + 1,
    });
    const page = rows.slice(0, q.limit);
    const last = page.at(-1);
    return {
      items: shareTracks(page),
      nextCursor:
        rows.length > q.limit && last ? encodeCursor(q.sort, last.sortKey as string, last.id as string) : null,
    };
  }

  /** Explore's Live Now: active streams of the category (Explore categories map to live ones). */
  async function exploreLive(q: { q?: string; category?: string }): Promise<TLiveStreamCard[]> {
    const category = resolveCategory(q.category);
    if (category?.liveCategories?.length === 0) return [];
    const rows = await repo.listLive(database, {
      q: q.q || undefined,
      categories: category?.liveCategories ?? undefined,
      limit: PAGE_SIZES.exploreLive,
    });
    return rows.map(presentLiveCard);
  }

  /** The search page: tracks (ranked, typo-tolerant), users and live streams, each bounded. */
  async function search(viewerId: string | null, q: string, type: SearchType): Promise<TSearchResults> {
    const want = (t: SearchType) => type === 'all' || type === t;
    const [tracks, users, live] = await Promise.all([
      want('audio') ? searchRepo.searchTracks(database, q, PAGE_SIZES.searchAudio) : [],
      want('users') ? repo.searchUsers(database, q, viewerId, PAGE_SIZES.searchUsers) : [],
      want('live') ? repo.listLive(database, { q, limit: PAGE_SIZES.searchLive }) : [],
    ]);
    return {
      tracks: await withLiked(tracks, viewerId),
      users: users.map(presentUserCard),
      live: live.map(presentLiveCard),
    };
  }

  return { home, listTracks, exploreLive, search };
}
