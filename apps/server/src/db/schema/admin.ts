import type { ApplicationRole, ApplicationStatus } from '@wavecast/shared';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Applications for a role an admin grants (affiliate, advertiser). One open (pending) application
 * per account and role; a decided one stays as a record.
 */
export const roleApplications = pgTable(
  'role_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<ApplicationRole>().notNull(),
    details: jsonb('details').$type<Record<string, string>>().notNull(),
    status: text('status').$type<ApplicationStatus>().notNull().default('pending'),
    note: text('note'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('role_applications_open_uq').on(t.userId, t.role).where(sql`${t.status} = 'pending'`),
    index('role_applications_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * The audit log (append-only: a trigger refuses UPDATE and DELETE): every admin action and every
 * role or plan change, with who, what, when, before and after. No foreign keys: it outlives accounts.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account that acted; null for the system (a job, a provider's webhook). */
    actorId: text('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_actor_idx').on(t.actorId, t.at),
  ],
);

/** When a session last confirmed its password: sensitive admin actions need it recent (step-up). */
export const sessionStepUps = pgTable('session_step_ups', {
  sessionId: text('session_id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});
