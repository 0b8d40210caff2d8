import { z } from 'zod';
import { ANALYTICS_MAX_RANGE_DAYS, LISTEN_SOURCES, MAX_BUCKETS_PER_REPORT } from '../analytics';

export const ZListenSource = z.enum(LISTEN_SOURCES);
export type TListenSource = z.infer<typeof ZListenSource>;

/** The listening part of `POST /api/plays` (optional: older players send only the seconds). */
export const ZListenReport = z.object({
  /** Made by the player for one listen of one track; a replayed report changes nothing. */
  sessionId: z.uuid(),
  buckets: z
    .array(
      z
        .number()
        .int()
        .min(0)
        .max(24 * 720),
    )
    .max(MAX_BUCKETS_PER_REPORT),
  source: ZListenSource.default('other'),
});
export type TListenReport = z.infer<typeof ZListenReport>;

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');
/** `?days=7|28|90` or `?from=&to=` (inclusive UTC days). */
export const ZAnalyticsRangeQuery = z.object({
  days: z.coerce.number().int().min(1).max(ANALYTICS_MAX_RANGE_DAYS).optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
});
export type TAnalyticsRangeQuery = z.infer<typeof ZAnalyticsRangeQuery>;

const ZCount = z.object({ key: z.string(), count: z.number() });
const ZTotal = z.object({ value: z.number(), previous: z.number() });
export const ZAnalyticsRange = z.object({ from: z.string(), to: z.string(), days: z.number() });

export const ZAnalyticsTrackRow = z.object({
  trackId: z.string(),
  title: z.string(),
  duration: z.number(),
  plays: z.number(),
  listeners: z.number(),
  /** Average share of the track heard per play, 0–1. */
  avgListenThrough: z.number(),
  likes: z.number(),
  comments: z.number(),
  /** Podcast downloads in the range (IAB v2.1: enclosure fetches of a minute or more, one per client per 24 h). */
  downloads: z.number(),
  /** Radio plays in the range: listeners who heard it on a radio channel (issue 38), apart from `plays`. */
  radioPlays: z.number(),
  /** Plays in the track's first 7, 30 and 90 days since upload (whatever the range), for comparisons. */
  firstDays: z.object({ d7: z.number(), d30: z.number(), d90: z.number() }),
});
export type TAnalyticsTrackRow = z.infer<typeof ZAnalyticsTrackRow>;

/** A live stream on air in the range, with its audience figures. */
export const ZAnalyticsLive = z.object({
  streamId: z.string(),
  title: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  peakListeners: z.number(),
  avgListeners: z.number(),
  minutesListened: z.number(),
  chatMessages: z.number(),
  followersGained: z.number(),
});
export type TAnalyticsLive = z.infer<typeof ZAnalyticsLive>;

export const ZAnalyticsOverview = z.object({
  range: ZAnalyticsRange,
  totals: z.object({
    plays: ZTotal,
    listeners: ZTotal,
    hoursListened: ZTotal,
    followersGained: ZTotal,
    downloads: ZTotal,
    /** Radio plays (tracks heard on radio channels), never part of `plays`. */
    radioPlays: ZTotal,
  }),
  daily: z.array(z.object({ day: z.string(), plays: z.number(), listeners: z.number(), seconds: z.number() })),
  tracks: z.array(ZAnalyticsTrackRow),
  live: z.array(ZAnalyticsLive),
  sources: z.array(ZCount),
  devices: z.array(ZCount),
  apps: z.array(ZCount),
});
export type TAnalyticsOverview = z.infer<typeof ZAnalyticsOverview>;

export const ZRetentionPoint = z.object({ t: z.number(), share: z.number() });
export const ZAnalyticsTrack = z.object({
  range: ZAnalyticsRange,
  track: z.object({ id: z.string(), title: z.string(), duration: z.number() }),
  plays: z.number(),
  /** Radio plays in the range (heard on radio channels), apart from on-demand `plays`. */
  radioPlays: z.number(),
  listeners: z.number(),
  secondsListened: z.number(),
  /** Share of plays still listening at each 10-second moment (0 s first). */
  retention: z.array(ZRetentionPoint),
  /** The moment half the plays had stopped (null without plays). */
  medianSeconds: z.number().nullable(),
  chapters: z.array(z.object({ title: z.string(), startTime: z.number() })),
  /** The biggest falls of the curve, largest first, with the chapter they fall in. */
  drops: z.array(z.object({ t: z.number(), drop: z.number(), chapter: z.string().nullable() })),
  daily: z.array(z.object({ day: z.string(), plays: z.number(), listeners: z.number(), seconds: z.number() })),
  sources: z.array(ZCount),
  devices: z.array(ZCount),
  apps: z.array(ZCount),
});
export type TAnalyticsTrack = z.infer<typeof ZAnalyticsTrack>;
