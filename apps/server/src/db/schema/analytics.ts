import type { SourceIvtReason } from '@wavecast/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { liveStreams } from './live';
import { audioContent } from './tracks';
import { users } from './users';

const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * One listen of a track in one player (raw; deleted after rollup once older than the retention).
 * Its id is made by the player, so a report can be sent again without counting twice; `counted`
 * says the play counter counted it (the same 30-minute rule as the play count). `ivt_reason` is the
 * invalid traffic its first report showed (lib/traffic.ts, ADR 0072): such a session is kept, never
 * counted (the check says so), so analytics and the earnings close leave it out alike.
 */
export const listenSessions = pgTable(
  'listen_sessions',
  {
    id: uuid('id').primaryKey(),
    audioId: uuid('audio_id')
      .notNull()
      .references(() => audioContent.id, { onDelete: 'cascade' }),
    /** `u:<user id>` or `a:<anonymous id>`: counts listeners, never shown. */
    listenerKey: text('listener_key').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    source: text('source').notNull(),
    device: text('device').notNull(),
    app: text('app').notNull(),
    counted: boolean('counted').notNull().default(false),
    ivtReason: text('ivt_reason').$type<SourceIvtReason>(),
    /** UTC day of the first report: the day the listen belongs to. */
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('listen_sessions_audio_day_idx').on(t.audioId, t.day),
    index('listen_sessions_day_idx').on(t.day),
    // A listener's recent listening: the audio ad cap counts it (ads/serving.ts).
    index('listen_sessions_listener_idx').on(t.listenerKey, t.createdAt),
    check('listen_sessions_ivt_not_counted_ck', sql`${t.ivtReason} IS NULL OR NOT ${t.counted}`),
  ],
);

/** The 5-second buckets a session heard; the primary key makes replayed reports harmless. */
export const listenBuckets = pgTable(
  'listen_buckets',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => listenSessions.id, { onDelete: 'cascade' }),
    bucket: integer('bucket').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.bucket] })],
);

/**
 * Per track per UTC day, rebuilt from the raw sessions by the rollup (delete + insert: re-running a
 * day gives the same figures). `heard[i]` = counted plays that heard 5-second bucket i.
 * `listenerHashes`: the day's distinct listeners as a compact sketch (analytics/listeners.ts), so
 * unique listeners over any range read one small value per track-day (ADR 0026).
 */
export const trackDailyStats = pgTable(
  'track_daily_stats',
  {
    audioId: uuid('audio_id')
      .notNull()
      .references(() => audioContent.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    plays: integer('plays').notNull(),
    listeners: integer('listeners').notNull(),
    secondsListened: integer('seconds_listened').notNull(),
    heard: jsonb('heard').$type<number[]>().notNull(),
    sources: jsonb('sources').$type<Record<string, number>>().notNull(),
    devices: jsonb('devices').$type<Record<string, number>>().notNull(),
    apps: jsonb('apps').$type<Record<string, number>>().notNull(),
    listenerHashes: bytea('listener_hashes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.audioId, t.day] }),
    index('track_daily_stats_day_idx').on(t.day),
    // Sums of plays and time over days read from the index alone (the rows are wide: sketches, jsonb).
    index('track_daily_stats_totals_idx').on(t.audioId, t.day, t.plays, t.secondsListened),
  ],
);

/**
 * Unique listeners of a creator's tracks over a range that ended before yesterday, once computed:
 * those days are never re-rolled (the page re-rolls only today and yesterday), so the count can
 * never change. The overview's previous period reads it instead of every listener's hash.
 * `tracks` fingerprints the creator's track list: a deleted (or new) track makes another key.
 */
export const analyticsPastListeners = pgTable(
  'analytics_past_listeners',
  {
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tracks: text('tracks').notNull(),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    listeners: integer('listeners').notNull(),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.tracks, t.fromDay, t.toDay] })],
);

/** Days the rollup has finished (their raw sessions may be deleted once older than the retention). */
export const analyticsRolledDays = pgTable('analytics_rolled_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull(),
});

/**
 * Podcast enclosure fetches by one client (keyed hash of IP, IPv6 cut to /64, + user agent) in one
 * rolling 24-hour window from its first fetch (IAB v2.1): the bytes served are summed over partial
 * ranges, and the window counts as one download (`day` set) once a minute of audio was fetched.
 */
export const podcastDownloads = pgTable(
  'podcast_downloads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    audioId: uuid('audio_id')
      .notNull()
      .references(() => audioContent.id, { onDelete: 'cascade' }),
    clientKey: text('client_key').notNull(),
    app: text('app'),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /** UTC day the download counted (null until a minute of audio was fetched). */
    day: date('day', { mode: 'string' }),
  },
  (t) => [
    index('podcast_downloads_client_idx').on(t.audioId, t.clientKey, t.windowStart),
    index('podcast_downloads_day_idx').on(t.day),
  ],
);

/** Counted podcast downloads per track per UTC day, rebuilt with the listening rollup. */
export const trackDailyDownloads = pgTable(
  'track_daily_downloads',
  {
    audioId: uuid('audio_id')
      .notNull()
      .references(() => audioContent.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    downloads: integer('downloads').notNull(),
  },
  (t) => [primaryKey({ columns: [t.audioId, t.day] })],
);

/**
 * Track-days whose raw listening or counted downloads changed since the analytics page last rolled
 * them: marked with each change, taken (deleted) by the page before it re-rolls only those, so a
 * page view with nothing new rolls nothing.
 */
export const analyticsDirty = pgTable(
  'analytics_dirty',
  {
    audioId: uuid('audio_id')
      .notNull()
      .references(() => audioContent.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.audioId, t.day] })],
);

/**
 * A listener's time on a live stream over the endless WebM: one row per connection, written when
 * it closes (HLS listeners: one per session of requests, ADR 0069; Icecast listeners are not
 * counted). With the sessions' buckets it is the listening the audio ad cap counts
 * (ads/serving.ts), and a radio channel's listening that earnings pays for (`radioListening`), but
 * never a row with `ivt_reason` (ADR 0072); deleted with the raw sessions.
 */
export const liveListens = pgTable(
  'live_listens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    streamId: uuid('stream_id')
      .notNull()
      .references(() => liveStreams.id, { onDelete: 'cascade' }),
    /** `u:<user id>` or `a:<anonymous id>`, as on listen_sessions. */
    listenerKey: text('listener_key').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    seconds: integer('seconds').notNull(),
    /** `started_at + seconds`, written with the row: indexed, so a range's listening is read by when it ended. */
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    /** Invalid traffic the connection (or an HLS session's first request) showed (lib/traffic.ts). */
    ivtReason: text('ivt_reason').$type<SourceIvtReason>(),
  },
  (t) => [
    index('live_listens_listener_idx').on(t.listenerKey, t.startedAt),
    // A channel's listening by its stream and end (radio plays and earnings, analytics/radio-repo.ts):
    // a range's connections are those that ended after it began (and started before it ended).
    index('live_listens_stream_end_idx').on(t.streamId, t.endedAt),
  ],
);
