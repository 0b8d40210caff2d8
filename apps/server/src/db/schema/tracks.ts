import { DEFAULT_CATEGORY } from '@wavecast/shared';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export interface ChapterMarker {
  id: string;
  title: string;
  startTime: number;
}

export type TrackStatus = 'processing' | 'ready' | 'failed';

/** Renditions and derived media made by the processing jobs; keys are storage keys. */
export interface TrackMedia {
  opusKey?: string;
  aacKey?: string;
  /**
   * The HD rendition (Opus 256 kbit/s), made only when the owner's plan had HD publishing at
   * processing time; played to listeners whose plan has HD listening.
   */
  hdKey?: string;
  coverKeys?: Record<string, string>;
  /** Set once `track.uploaded` went out (ready and public), so it is never announced twice. */
  announced?: boolean;
}

/** spec: audio_content */
export const audioContent = pgTable(
  'audio_content',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    coverKey: text('cover_key'),
    audioKey: text('audio_key').notNull(),
    audioMime: text('audio_mime').notNull(),
    audioBytes: bigint('audio_bytes', { mode: 'number' }).notNull(),
    originalFilename: text('original_filename'),
    codec: text('codec'),
    channels: integer('channels'),
    duration: doublePrecision('duration').notNull().default(0),
    category: text('category').notNull().default(DEFAULT_CATEGORY),
    tags: text('tags').array(),
    isPublic: boolean('is_public').notNull().default(true),
    allowDownloads: boolean('allow_downloads').notNull().default(true),
    playCount: integer('play_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    repostCount: integer('repost_count').notNull().default(0),
    chapterMarkers: jsonb('chapter_markers').$type<ChapterMarker[]>(),
    status: text('status').$type<TrackStatus>().notNull().default('processing'),
    failureReason: text('failure_reason'),
    media: jsonb('media').$type<TrackMedia>().notNull().default({}),
    loudnessLufs: real('loudness_lufs'),
    gainDb: real('gain_db'),
    peaks: jsonb('peaks').$type<number[]>(),
    /** Set when the track is the recording of a live stream. */
    liveStreamId: uuid('live_stream_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audio_user_idx').on(t.userId, t.createdAt),
    index('audio_public_recent_idx').on(t.isPublic, t.status, t.createdAt),
    index('audio_category_idx').on(t.category, t.createdAt),
  ],
);

export const likes = pgTable(
  'likes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    audioId: uuid('audio_id')
      .notNull()
      .references(() => audioContent.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.audioId] }), index('likes_audio_idx').on(t.audioId)],
);

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    audioId: uuid('audio_id')
      .notNull()
      .references(() => audioContent.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    /** Playback position in seconds at which the comment was written (timestamped comment). */
    positionSeconds: doublePrecision('position_seconds'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('comments_audio_idx').on(t.audioId, t.createdAt)],
);

/** One row per counted play (honest play counts; analytics read these). */
export const listenEvents = pgTable(
  'listen_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    audioId: uuid('audio_id')
      .notNull()
      .references(() => audioContent.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    anonymousId: text('anonymous_id'),
    secondsListened: doublePrecision('seconds_listened').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('listen_audio_time_idx').on(t.audioId, t.createdAt),
    index('listen_user_time_idx').on(t.userId, t.createdAt),
  ],
);

/** Resume positions for long-form listening, per user and track. */
export const playbackPositions = pgTable(
  'playback_positions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    audioId: uuid('audio_id')
      .notNull()
      .references(() => audioContent.id, { onDelete: 'cascade' }),
    positionSeconds: doublePrecision('position_seconds').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.audioId] })],
);
