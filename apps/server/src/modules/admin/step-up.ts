import { ADMIN_MESSAGES, STEP_UP_MINUTES } from '@wavecast/shared';
import { verifyPassword } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { authAccounts, sessionStepUps } from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import { reservePasswordCheck } from '../auth/account-throttle';

const WINDOW_MS = STEP_UP_MINUTES * 60_000;

/**
 * Step-up for sensitive admin actions (role changes, suspensions, payouts): the session must have
 * signed in, or confirmed its password, in the last STEP_UP_MINUTES (both noted on the app's clock). Kept per session in the
 * database, so every process of the app agrees.
 */
export const stepUpService = perApp(makeStepUpService);

function makeStepUpService(ctx: AppContext) {
  const db = ctx.database.db;

  /** Until when this session may act without confirming its password again (null: now needs it). */
  async function until(user: SessionUser): Promise<Date | null> {
    if (user.viaToken) return null; // an access token never steps up
    const [row] = await db.select().from(sessionStepUps).where(eq(sessionStepUps.sessionId, user.sessionId));
    const ends = (row?.at.getTime() ?? 0) + WINDOW_MS;
    return ends > ctx.clock.now().getTime() ? new Date(ends) : null;
  }

  return {
    until,

    /** Throws STEP_UP_REQUIRED (403) unless the session is recent enough. */
    async require(user: SessionUser): Promise<void> {
      if (!(await until(user))) throw new AppError('STEP_UP_REQUIRED', ADMIN_MESSAGES.stepUpRequired);
    },

    /** Checks the account's password and opens the window for this session. */
    async confirm(user: SessionUser, password: string): Promise<Date> {
      if (user.viaToken) throw new AppError('STEP_UP_REQUIRED', ADMIN_MESSAGES.stepUpRequired);
      const [account] = await db
        .select({ hash: authAccounts.password })
        .from(authAccounts)
        .where(and(eq(authAccounts.userId, user.id), eq(authAccounts.providerId, 'credential')));
      // Limited per account like sign-in (its own count), counted before the check.
      const attempt = await reservePasswordCheck(ctx, 'step-up', user.id);
      const ok = account?.hash ? await verifyPassword({ hash: account.hash, password }) : false;
      await (ok ? attempt.passed() : attempt.failed());
      if (!ok) throw badRequest(ADMIN_MESSAGES.stepUpWrongPassword);
      const at = await noteSignIn(ctx, user.sessionId);
      return new Date(at.getTime() + WINDOW_MS);
    },
  };
}

/** Opens the step-up window of a session now (a sign-in, or a confirmed password). */
export async function noteSignIn(ctx: AppContext, sessionId: string): Promise<Date> {
  const at = ctx.clock.now();
  await ctx.database.db
    .insert(sessionStepUps)
    .values({ sessionId, at })
    .onConflictDoUpdate({ target: sessionStepUps.sessionId, set: { at } });
  return at;
}
