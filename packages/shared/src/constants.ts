// Spec section 9 (and the limits named elsewhere in the spec), kept in one place.

export const APP_NAME = 'Wavecast';
export const APP_TITLE = 'Wavecast — Advanced Audio Live Streaming Platform';

export const ROLES = ['listener', 'creator', 'affiliate', 'advertiser', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const MIN_PASSWORD_LENGTH = 6;
export const DEFAULT_VOLUME = 0.7;
export const DEFAULT_CATEGORY = 'Uncategorized';
export const DEFAULT_CHAPTER_TITLE = 'New Chapter';
export const DEFAULT_COVER_URL = '/default-cover.svg';
/** Square cover sizes (px) the media pipeline makes from every uploaded cover (`?size=` picks one). */
export const COVER_SIZES = [96, 320, 640] as const;

export const UPLOAD_CATEGORIES = ['Music', 'Podcast', 'Audiobook', 'Educational', 'Meditation', 'Other'] as const;
export const EXPLORE_CATEGORIES = [
  'Music',
  'Podcasts',
  'Audiobooks',
  'Educational',
  'Meditation',
  'Live Shows',
] as const;
export const LIVE_CATEGORIES = [
  'Music',
  'Talk Shows',
  'Education',
  'Entertainment',
  'News',
  'Sports',
  'Technology',
  'Gaming',
] as const;
export const CONTACT_CATEGORIES = ['technical', 'billing', 'account', 'content', 'feature', 'other'] as const;
export const POPULAR_SEARCHES = ['podcast', 'music', 'meditation', 'education', 'live', 'interview'] as const;

export const PAGE_SIZES = {
  homeRecent: 6,
  homePopular: 6,
  homeLive: 4,
  exploreAudio: 24,
  exploreLive: 12,
  categories: 12,
  searchAudio: 20,
  searchUsers: 10,
  searchLive: 10,
  /** Issue 36: the following feed (Home shows the first 6, /feed pages by 20); related tracks asked for at a queue's end. */
  homeFeed: 6,
  feed: 20,
  related: 10,
  profileAlbums: 24,
  /** A profile's Reposts tab, paged like its Tracks tab. */
  profileReposts: 24,
} as const;

export const LIVE_CARD_MAX_TAGS = 3;
export const LIVE_MAX_TAGS = 5;

/** Upload progress weighting 70 / 20 / 10. */
export const UPLOAD_PROGRESS = { audioEnd: 70, coverEnd: 90, saving: 90, done: 100 } as const;
export const DEFAULT_MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
/** Longest audio an upload may hold (12 hours): longer files are decompression bombs, not tracks. */
export const DEFAULT_MAX_AUDIO_SECONDS = 12 * 3600;
export const STORAGE_CACHE_SECONDS = 3600;

export const MIC_CONSTRAINTS = {
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
  sampleRate: 48000,
} as const;
export const LEVEL_METER = { warning: 50, error: 80 } as const;

export const TOAST_DURATION_MS = 3000;

export const DEFAULT_NOTIFICATION_PREFS = {
  emailNotifications: true,
  pushNotifications: true,
  newFollowers: true,
  newComments: true,
  newLikes: true,
  newReposts: true,
  liveStreamAlerts: true,
  premiereAlerts: true,
  weeklyDigest: true,
} as const;

export const PROFILE_VISIBILITIES = ['public', 'followers', 'private'] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];
export const DEFAULT_PRIVACY_PREFS = {
  profileVisibility: 'public' as ProfileVisibility,
  showEmail: false,
  showFollowers: true,
  allowMessages: true,
};

export type LiveCategory = (typeof LIVE_CATEGORIES)[number];
export type UploadCategory = (typeof UPLOAD_CATEGORIES)[number];
/**
 * The upload category a live stream's recording (a track) carries: the nearest match, so a
 * recorded show is found under the kind of audio it is rather than under 'Other'.
 */
export const LIVE_TO_UPLOAD_CATEGORY: Readonly<Record<LiveCategory, UploadCategory>> = {
  Music: 'Music',
  'Talk Shows': 'Podcast',
  Education: 'Educational',
  Entertainment: 'Podcast',
  News: 'Podcast',
  Sports: 'Podcast',
  Technology: 'Educational',
  Gaming: 'Podcast',
};

export function recordingCategory(liveCategory: string): UploadCategory {
  return LIVE_TO_UPLOAD_CATEGORY[liveCategory as LiveCategory] ?? 'Other';
}
