import type { PlaybackSchedule } from '@wavecast/shared';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { audioContent } from './tracks';
import { users } from './users';

/**
 * Listening rooms (issue 39, ADR 0058). The id is a random UUID: a `link` room is reached only by
 * knowing it (it is never listed). `host_member_id` points at a row of room_members.
 */
export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind').$type<'room' | 'premiere'>().notNull().default('room'),
    visibility: text('visibility').$type<'public' | 'link'>().notNull().default('link'),
    queuePolicy: text('queue_policy').$type<'everyone' | 'host'>().notNull().default('everyone'),
    status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
    /** The user who opened it (a premiere's creator); kept for listing, null once their account is gone. */
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    hostMemberId: uuid('host_member_id'),
    /**
     * The sync core's last decision (a `PlaybackSchedule`, ADR 0057), kept so the room's state
     * comes back after every process restarted; the live state is the sync core's replicas.
     */
    playback: jsonb('playback').$type<PlaybackSchedule>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('rooms_open_public_idx').on(t.status, t.visibility, t.createdAt)],
);

/** One person in a room: a signed-in user (one row per user and room) or a guest (a hashed token). */
export const roomMembers = pgTable(
  'room_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    /** A deleted account leaves every room with its rows. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestName: text('guest_name'),
    guestTokenHash: text('guest_token_hash'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    /** Removed by the host: cannot join again. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('room_members_user_uq').on(t.roomId, t.userId),
    uniqueIndex('room_members_guest_uq').on(t.guestTokenHash),
    index('room_members_room_idx').on(t.roomId, t.lastSeenAt),
  ],
);

/** The shared queue, in `position` order; an item leaves when skipped past, removed, or its track goes. */
export const roomQueueItems = pgTable(
  'room_queue_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    trackId: uuid('track_id')
      .notNull()
      .references(() => audioContent.id, { onDelete: 'cascade' }),
    addedBy: uuid('added_by'),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('room_queue_room_idx').on(t.roomId, t.position), index('room_queue_track_idx').on(t.trackId)],
);

/** Chat lines and reactions; `media_ms` is where the room's playback stood when said (premiere comments). */
export const roomMessages = pgTable(
  'room_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').references(() => roomMembers.id, { onDelete: 'set null' }),
    /** The signed-in author (for comments kept after a premiere); null for guests. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    kind: text('kind').$type<'chat' | 'reaction'>().notNull(),
    content: text('content').notNull(),
    mediaMs: bigint('media_ms', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('room_messages_room_idx').on(t.roomId, t.createdAt)],
);

/**
 * A track's scheduled first play. Statuses move by the table in modules/premieres/state-machine.ts;
 * the track is private until the start, then public. One open premiere per track.
 */
export const premieres = pgTable(
  'premieres',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trackId: uuid('track_id')
      .notNull()
      .references(() => audioContent.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    status: text('status').$type<'scheduled' | 'live' | 'done' | 'canceled'>().notNull().default('scheduled'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('premieres_due_idx').on(t.status, t.startsAt),
    uniqueIndex('premieres_track_open_uq').on(t.trackId).where(sql`status in ('scheduled', 'live')`),
  ],
);
