import { DEFAULT_NOTIFICATION_PREFS, DEFAULT_PRIVACY_PREFS, type Role } from '@wavecast/shared';
import { sql } from 'drizzle-orm';
import { boolean, customType, index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

export const citext = customType<{ data: string }>({ dataType: () => 'citext' });

export type NotificationPrefs = { [K in keyof typeof DEFAULT_NOTIFICATION_PREFS]: boolean };
export type PrivacyPrefs = typeof DEFAULT_PRIVACY_PREFS;

/** The profile (spec section 3); id equals the auth user id. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: citext('email').notNull().unique(),
    displayName: text('display_name'),
    avatarUrl: text('avatar_url'),
    bio: text('bio'),
    website: text('website'),
    userRole: text('user_role').$type<Role>().notNull().default('listener'),
    notificationPrefs: jsonb('notification_prefs')
      .$type<NotificationPrefs>()
      .notNull()
      .default({ ...DEFAULT_NOTIFICATION_PREFS }),
    privacyPrefs: jsonb('privacy_prefs')
      .$type<PrivacyPrefs>()
      .notNull()
      .default({ ...DEFAULT_PRIVACY_PREFS }),
    /** When the queue ends, the player goes on with related tracks (Settings → Playback). */
    autoplayRelated: boolean('autoplay_related').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while an admin has suspended the account: no sign-in, no session, content hidden. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  },
  (t) => [
    index('users_role_idx').on(t.userRole),
    // Every discovery query checks "owner not suspended": a tiny index of the few suspended
    // users instead of a scan of all users per query.
    index('users_suspended_idx').on(t.id).where(sql`${t.suspendedAt} IS NOT NULL`),
  ],
);

export const follows = pgTable(
  'follows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followingId: text('following_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('follows_pair_uq').on(t.followerId, t.followingId), index('follows_following_idx').on(t.followingId)],
);
