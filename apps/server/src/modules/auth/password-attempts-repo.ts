import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordAttempts } from '../../db/schema';
import type { AccountLimit } from '../../lib/rate-limits';

export type AttemptScope = 'sign-in' | 'step-up';

const row = (scope: AttemptScope, subject: string) =>
  and(eq(passwordAttempts.scope, scope), eq(passwordAttempts.subject, subject));

/**
 * Counts one attempt against the account *before* its password is checked, in one statement: the
 * upsert locks the account's row, so of N parallel attempts only as many as the limit allows get a
 * row back (the others see the count their predecessors left). An attempt after a quiet window
 * starts the count over. Returns whether the attempt may go ahead.
 */
export async function reserveAttempt(
  db: Db,
  scope: AttemptScope,
  subject: string,
  limit: AccountLimit,
  now: Date,
): Promise<boolean> {
  const t = passwordAttempts;
  const at = now.toISOString();
  const quiet = sql`${t.lastAt} <= ${at}::timestamptz - make_interval(secs => ${limit.windowMs / 1000})`;
  // The wait after the free failures doubles with each one, up to the ceiling.
  const waitMs = sql`least(${limit.maxDelayMs}::float8, ${limit.firstDelayMs}::float8 * power(2, ${t.failures} - ${limit.freeFailures}))`;
  const rows = await db
    .insert(t)
    .values({ scope, subject, failures: 1, lastAt: now })
    .onConflictDoUpdate({
      target: [t.scope, t.subject],
      set: { failures: sql`CASE WHEN ${quiet} THEN 1 ELSE ${t.failures} + 1 END`, lastAt: now },
      setWhere: sql`${quiet} OR ${t.failures} < ${limit.freeFailures}
        OR ${t.lastAt} + make_interval(secs => ${waitMs} / 1000) <= ${at}::timestamptz`,
    })
    .returning({ failures: t.failures });
  return rows.length > 0;
}

/** The account's count and last attempt, if any. */
export async function findAttempts(db: Db, scope: AttemptScope, subject: string) {
  const [found] = await db.select().from(passwordAttempts).where(row(scope, subject));
  return found ?? null;
}

/** Gives back an attempt whose password was not checked after all (a refusal for another reason). */
export async function releaseAttempt(db: Db, scope: AttemptScope, subject: string): Promise<void> {
  await db
    .update(passwordAttempts)
    .set({ failures: sql`greatest(${passwordAttempts.failures} - 1, 0)` })
    .where(row(scope, subject));
}

/** The right password: the count starts over. */
export async function clearAttempts(db: Db, scope: AttemptScope, subject: string): Promise<void> {
  await db.delete(passwordAttempts).where(row(scope, subject));
}

/** Forgets counts whose last attempt is older than `before` (they would start over anyway). */
export async function deleteQuietAttempts(db: Db, before: Date): Promise<number> {
  const gone = await db
    .delete(passwordAttempts)
    .where(sql`${passwordAttempts.lastAt} < ${before.toISOString()}::timestamptz`)
    .returning({ subject: passwordAttempts.subject });
  return gone.length;
}
