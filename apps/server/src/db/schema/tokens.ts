import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Personal access tokens for the public API (modules/tokens). Only the SHA-256 of the token is
 * kept: the token itself is shown once, at creation. Revoking sets revokedAt (the row stays, for the list).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope').$type<'read' | 'read-write'>().notNull(),
    /** hex SHA-256 of the whole token. */
    tokenHash: text('token_hash').notNull().unique(),
    /** The first characters of the token, to tell tokens apart in the list. */
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);
