import { z } from 'zod';
import { DEFAULT_CATEGORY, EXPLORE_CATEGORIES, LIVE_CATEGORIES, PAGE_SIZES, UPLOAD_CATEGORIES } from '../constants';
import { ZTrack, type ZTrackPage, ZUserSummary } from './tracks';

export type TTrackPage = z.infer<typeof ZTrackPage>;

/** An active live stream as lists show it (home, explore, live page, search). */
export const ZLiveStreamCard = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  category: z.string(),
  tags: z.array(z.string()),
  viewerCount: z.number().int(),
  createdAt: z.string(),
  creator: ZUserSummary,
});
export type TLiveStreamCard = z.infer<typeof ZLiveStreamCard>;

/** A user in search results: only what their privacy settings allow. */
export const ZUserCard = z.object({
  id: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  role: z.string(),
  bio: z.string().nullable(),
  /** Only when the user shows their email. */
  email: z.string().nullable(),
  /** Null when the user hides their followers. */
  followerCount: z.number().int().nullable(),
  trackCount: z.number().int(),
});
export type TUserCard = z.infer<typeof ZUserCard>;

export const ZHome = z.object({
  live: z.array(ZLiveStreamCard),
  recent: z.array(ZTrack),
  popular: z.array(ZTrack),
  /** 'week' when Popular This Week is ranked by plays of the last 7 days, 'all' when it fell back. */
  popularWindow: z.enum(['week', 'all']),
});
export type THome = z.infer<typeof ZHome>;

export const EXPLORE_SORTS = ['recent', 'popular'] as const;
export type ExploreSort = (typeof EXPLORE_SORTS)[number];
export const EXPLORE_TYPES = ['all', 'audio', 'live'] as const;
export type ExploreType = (typeof EXPLORE_TYPES)[number];
export const SEARCH_TYPES = ['all', 'audio', 'users', 'live'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const LIVE_SORTS = ['viewers', 'recent'] as const;
export type LiveSort = (typeof LIVE_SORTS)[number];

/** Longest search text we take; longer input is cut, never an error. */
export const MAX_QUERY_LENGTH = 200;
const zQueryText = z
  .string()
  .max(2000)
  .transform((s) => s.trim().slice(0, MAX_QUERY_LENGTH));

export const ZTrackListQuery = z.object({
  q: zQueryText.optional(),
  /** An Explore category (any case: 'podcasts', 'Live Shows') or an upload category ('Podcast'). */
  category: z.string().trim().max(40).optional(),
  sort: z.enum(EXPLORE_SORTS).default('recent'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZES.exploreAudio).default(PAGE_SIZES.exploreAudio),
});
export type TTrackListQuery = z.infer<typeof ZTrackListQuery>;

export const ZSearchQuery = z.object({
  q: zQueryText.pipe(z.string().min(1, 'Enter something to search for')),
  type: z.enum(SEARCH_TYPES).default('all'),
});
export type TSearchQuery = z.infer<typeof ZSearchQuery>;

export const ZSearchResults = z.object({
  tracks: z.array(ZTrack),
  users: z.array(ZUserCard),
  live: z.array(ZLiveStreamCard),
});
export type TSearchResults = z.infer<typeof ZSearchResults>;

/** What an Explore category selects: upload categories of tracks, live categories of streams. */
export interface CategoryFilter {
  /** The canonical name shown in the UI. */
  label: string;
  /** Track categories it covers; null means every category. */
  trackCategories: string[] | null;
  /** Only tracks that are recordings of live streams. */
  liveRecordingsOnly: boolean;
  /** Live categories it covers; null means every live stream; [] means none. */
  liveCategories: string[] | null;
}

const EXPLORE_CATEGORY_MAP: Record<(typeof EXPLORE_CATEGORIES)[number], Omit<CategoryFilter, 'label'>> = {
  Music: { trackCategories: ['Music'], liveRecordingsOnly: false, liveCategories: ['Music'] },
  Podcasts: { trackCategories: ['Podcast'], liveRecordingsOnly: false, liveCategories: ['Talk Shows', 'News'] },
  Audiobooks: { trackCategories: ['Audiobook'], liveRecordingsOnly: false, liveCategories: [] },
  Educational: { trackCategories: ['Educational'], liveRecordingsOnly: false, liveCategories: ['Education'] },
  Meditation: { trackCategories: ['Meditation'], liveRecordingsOnly: false, liveCategories: [] },
  'Live Shows': { trackCategories: null, liveRecordingsOnly: true, liveCategories: null },
};

/**
 * Maps a category from a URL ('podcasts', 'Live Shows', 'Podcast', 'talk shows', any case) to what
 * it selects. Unknown names select nothing rather than everything.
 */
export function resolveCategory(name: string | undefined | null): CategoryFilter | null {
  const key = name?.trim().toLowerCase();
  if (!key || key === 'all') return null;
  const explore = EXPLORE_CATEGORIES.find((c) => c.toLowerCase() === key);
  if (explore) return { label: explore, ...EXPLORE_CATEGORY_MAP[explore] };
  const upload = [...UPLOAD_CATEGORIES, DEFAULT_CATEGORY].find((c) => c.toLowerCase() === key);
  if (upload) return { label: upload, trackCategories: [upload], liveRecordingsOnly: false, liveCategories: [] };
  const live = LIVE_CATEGORIES.find((c) => c.toLowerCase() === key);
  if (live) return { label: live, trackCategories: [], liveRecordingsOnly: false, liveCategories: [live] };
  return { label: name?.trim() ?? '', trackCategories: [], liveRecordingsOnly: false, liveCategories: [] };
}
