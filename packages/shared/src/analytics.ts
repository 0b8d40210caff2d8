// Analytics constants, without zod: the player imports them and Home's bundle must not grow.

/** The player reports listening in 5-second buckets; retention is shown at 10-second resolution. */
export const LISTEN_BUCKET_SECONDS = 5;
export const RETENTION_STEP_SECONDS = 10;
/** Bounds of one report: at most this many buckets (a batch is sent well before). */
export const MAX_BUCKETS_PER_REPORT = 720;
/** The longest analytics range, in days (2 years). */
export const ANALYTICS_MAX_RANGE_DAYS = 731;
export const ANALYTICS_PRESETS = [7, 28, 90] as const;

/** Where a listen started. */
export const LISTEN_SOURCES = [
  'home',
  'explore',
  'search',
  'profile',
  'playlist',
  'library',
  'track',
  'embed',
  'podcast',
  'external',
  'other',
] as const;
