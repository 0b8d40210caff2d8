import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { radioChannels } from './radio-channels';
import { users } from './users';

/** spec: live_streams */
export const liveStreams = pgTable(
  'live_streams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    thumbnailUrl: text('thumbnail_url'),
    category: text('category').notNull(),
    tags: text('tags').array(),
    isActive: boolean('is_active').notNull().default(true),
    viewerCount: integer('viewer_count').notNull().default(0),
    peakViewers: integer('peak_viewers').notNull().default(0),
    recordingKey: text('recording_key'),
    recordingTrackId: uuid('recording_track_id'),
    /** Ended with too little audio to keep (under half a second, or none): no draft will come. */
    recordingDiscarded: boolean('recording_discarded').notNull().default(false),
    /** Heartbeat of the process holding the publisher; a stale one means the stream lost it. */
    publisherSeenAt: timestamp('publisher_seen_at', { withTimezone: true }),
    /** When its first audio arrived: on-air time (the free plan's monthly allowance) counts from here. */
    onAirAt: timestamp('on_air_at', { withTimezone: true }),
    /** What the encoder says is playing (Icecast/SHOUTcast metadata updates); null until it says. */
    nowPlaying: text('now_playing'),
    /**
     * Set when the stream is a radio channel's air (issue 38, ADR 0056): listed as the channel, not
     * as a broadcast; never one creator's "one broadcast"; its audio not kept as a recording.
     */
    radioChannelId: uuid('radio_channel_id').references(() => radioChannels.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('live_active_idx').on(t.isActive, t.viewerCount),
    index('live_user_idx').on(t.userId),
    // A radio channel's relay streams (its listening, analytics/radio-repo.ts).
    index('live_streams_radio_channel_idx').on(t.radioChannelId),
  ],
);

export const liveChatMessages = pgTable(
  'live_chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    streamId: uuid('stream_id')
      .notNull()
      .references(() => liveStreams.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    offsetSeconds: integer('offset_seconds').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_chat_stream_idx').on(t.streamId, t.createdAt)],
);

/** Users the creator muted in a stream's chat. */
export const liveChatMutes = pgTable(
  'live_chat_mutes',
  {
    streamId: uuid('stream_id')
      .notNull()
      .references(() => liveStreams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.userId] })],
);

/**
 * Concurrent listeners of a live stream per minute (the highest seen in the minute), written by the
 * heartbeat and on each viewer change: analytics' average concurrent listeners and minutes listened.
 */
export const liveListenerSamples = pgTable(
  'live_listener_samples',
  {
    streamId: uuid('stream_id')
      .notNull()
      .references(() => liveStreams.id, { onDelete: 'cascade' }),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    listeners: integer('listeners').notNull(),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.minute] })],
);

/**
 * Stream keys (modules/live/stream-keys.ts): an encoder's Icecast source password. Only the
 * SHA-256 of the key is kept; the key is shown once. Revoking sets revokedAt (the row stays).
 */
export const liveStreamKeys = pgTable(
  'live_stream_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** hex SHA-256 of the whole key. */
    keyHash: text('key_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('live_stream_keys_user_idx').on(t.userId)],
);
