import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { audioContent } from './tracks';
import { users } from './users';

/** A listener shares a track with their followers (issue 36); one row per user and track. */
export const reposts = pgTable(
  'reposts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    audioId: uuid('audio_id')
      .notNull()
      .references(() => audioContent.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.audioId] }),
    index('reposts_audio_idx').on(t.audioId),
    index('reposts_user_time_idx').on(t.userId, t.createdAt),
  ],
);

export type AlbumKind = 'album' | 'ep';

/** A creator's release: ordered tracks of their own, one cover, a release date (issue 36). */
export const albums = pgTable(
  'albums',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    kind: text('kind').$type<AlbumKind>().notNull().default('album'),
    /** Shown to others from this day on (UTC); before it only its creator sees it. */
    releaseDate: date('release_date', { mode: 'string' }).notNull(),
    coverKey: text('cover_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('albums_user_release_idx').on(t.userId, t.releaseDate),
    check('albums_kind_ck', sql`${t.kind} in ('album', 'ep')`),
  ],
);

/** An album's tracks in order; a track belongs to one album at most. */
export const albumTracks = pgTable(
  'album_tracks',
  {
    albumId: uuid('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    audioId: uuid('audio_id')
      .notNull()
      .references(() => audioContent.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.albumId, t.audioId] }),
    unique('album_tracks_position_uq').on(t.albumId, t.position),
    unique('album_tracks_audio_uq').on(t.audioId),
  ],
);
