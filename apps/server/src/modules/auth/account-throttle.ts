import { AUTH_MESSAGES } from '@wavecast/shared';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { ACCOUNT_LIMITS } from '../../lib/rate-limits';
import * as repo from './password-attempts-repo';

/**
 * Per-account limit on password checks (sign-in, the current password in settings, delete
 * account; an admin's step-up in a count of its own), on top of the per-address limits: see
 * ACCOUNT_LIMITS. The attempt is counted *before* the password is checked (one statement, so a
 * burst of parallel guesses gets no more checks than a sequence would) and handed back when no
 * password was checked after all. Refused attempts do not count, so the owner is never held off
 * longer than the longest wait after the last real check; a right password or a reset clears it.
 */
export const ACCOUNT_THROTTLE = ACCOUNT_LIMITS.password;

/** The key of an account: its email, as typed, normalised (unknown addresses are limited alike). */
export const accountKey = (email: string) => email.trim().toLowerCase();

type Ctx = Pick<AppContext, 'database' | 'clock'>;
type Scope = repo.AttemptScope;
const LIMITS = { 'sign-in': ACCOUNT_LIMITS.password, 'step-up': ACCOUNT_LIMITS.stepUp } as const;

/** One counted attempt: tell it how the check went. */
export interface PasswordAttempt {
  /** The right password: the account's count starts over. */
  passed(): Promise<void>;
  /** A wrong password: it stays counted. */
  failed(): Promise<void>;
  /** No password was checked after all (refused for another reason): the attempt is given back. */
  unchecked(): Promise<void>;
}

/** Counts an attempt, or refuses (429, with the seconds to wait) while the account must wait. */
export async function reservePasswordCheck(ctx: Ctx, scope: Scope, subject: string): Promise<PasswordAttempt> {
  const db = ctx.database.db;
  const limit = LIMITS[scope];
  const now = ctx.clock.now();
  if (!(await repo.reserveAttempt(db, scope, subject, limit, now))) {
    const found = await repo.findAttempts(db, scope, subject);
    throw throttled(found ? waitMs(found, limit, now) : limit.firstDelayMs);
  }
  return {
    passed: () => repo.clearAttempts(db, scope, subject),
    failed: async () => {},
    unchecked: () => repo.releaseAttempt(db, scope, subject),
  };
}

/** A password reset by whoever reads the account's mail: its sign-in count starts over. */
export const clearSignInFailures = (ctx: Ctx, email: string) =>
  repo.clearAttempts(ctx.database.db, 'sign-in', accountKey(email));

function waitMs(found: { failures: number; lastAt: Date }, limit: (typeof LIMITS)[Scope], now: Date): number {
  const delay = Math.min(limit.maxDelayMs, limit.firstDelayMs * 2 ** (found.failures - limit.freeFailures));
  return Math.max(1000, found.lastAt.getTime() + delay - now.getTime());
}

function throttled(wait: number): AppError {
  return new AppError('RATE_LIMITED', AUTH_MESSAGES.accountThrottled(Math.ceil(wait / 60_000)), {
    retryAfterSeconds: Math.ceil(wait / 1000),
  });
}
