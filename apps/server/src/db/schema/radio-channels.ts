import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { playlists } from './playlists';
import { audioContent } from './tracks';
import { users } from './users';

/** What a channel airs now (the auto-DJ's track or the DJ's title), as the page and the Media Session show it. */
export interface RadioNowPlayingFacts {
  trackId: string | null;
  title: string;
  artist: string;
  startedAt: string;
  source: 'autodj' | 'dj';
}

/** A creator's 24/7 radio channel (issue 38, ADR 0056) and its program's settings. */
export const radioChannels = pgTable(
  'radio_channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    category: text('category').notNull(),
    coverKey: text('cover_key'),
    onAir: boolean('on_air').notNull().default(false),
    onAirAt: timestamp('on_air_at', { withTimezone: true }),
    /** The relay stream the channel is heard on while on air (set by the engine's renderer). */
    streamId: uuid('stream_id'),
    listenerCount: integer('listener_count').notNull().default(0),
    nowPlaying: jsonb('now_playing').$type<RadioNowPlayingFacts>(),
    jingleEverySongs: integer('jingle_every_songs'),
    jingleEveryMinutes: integer('jingle_every_minutes'),
    artistSeparation: integer('artist_separation').notNull(),
    trackSeparationHours: integer('track_separation_hours').notNull(),
    djGraceSeconds: integer('dj_grace_seconds').notNull(),
    djOnlyInSlot: boolean('dj_only_in_slot').notNull().default(false),
    /** Played between the auto-DJ's fade-out and a DJ's first audio at a takeover (ADR 0065); own track. */
    goingLiveTrackId: uuid('going_live_track_id').references(() => audioContent.id, { onDelete: 'set null' }),
    /** The channel's DJ key: hex SHA-256 only (as live stream keys), shown once. */
    keyHash: text('key_hash').unique(),
    keyPrefix: text('key_prefix'),
    keyCreatedAt: timestamp('key_created_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('radio_channels_user_idx').on(t.userId),
    index('radio_channels_on_air_idx').on(t.onAir, t.listenerCount),
  ],
);

/** A playlist in a channel's rotation, with its weight (chance of picking it, relative to the others). */
export const radioRotations = pgTable(
  'radio_rotations',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => radioChannels.id, { onDelete: 'cascade' }),
    playlistId: uuid('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    weight: integer('weight').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.playlistId] })],
);

/** A weekly show slot: a playlist played instead of the rotation, or time reserved for a DJ. */
export const radioSlots = pgTable(
  'radio_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => radioChannels.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** 0 = Sunday … 6 = Saturday (UTC). */
    day: integer('day').notNull(),
    startMinute: integer('start_minute').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    kind: text('kind').$type<'playlist' | 'dj'>().notNull(),
    playlistId: uuid('playlist_id').references(() => playlists.id, { onDelete: 'set null' }),
  },
  (t) => [index('radio_slots_channel_idx').on(t.channelId)],
);

/** The creator's tracks a channel plays as jingles. */
export const radioJingles = pgTable(
  'radio_jingles',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => radioChannels.id, { onDelete: 'cascade' }),
    audioId: uuid('audio_id')
      .notNull()
      .references(() => audioContent.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.audioId] })],
);

/**
 * What a channel aired, append-only: the played history, and with `live_listens` radio plays (a
 * listener who heard enough of an airing counts for the track's creator as a radio play, apart from
 * on-demand plays: `analytics/radio-repo.ts`, ADR 0075). One row per start: the engine reporting a
 * start twice finds the row already there.
 */
export const radioAirings = pgTable(
  'radio_airings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => radioChannels.id, { onDelete: 'cascade' }),
    audioId: uuid('audio_id').references(() => audioContent.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    artist: text('artist').notNull(),
    source: text('source').$type<'autodj' | 'dj'>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** The channel's listener count when it started (informative; radio plays are counted per listener). */
    listeners: integer('listeners').notNull().default(0),
  },
  (t) => [
    unique('radio_airings_start_uq').on(t.channelId, t.startedAt),
    index('radio_airings_audio_idx').on(t.audioId, t.startedAt),
  ],
);
