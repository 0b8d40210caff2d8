import { AUTH_MESSAGES } from '@wavecast/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import * as repo from './password-failures-repo';

/**
 * Per-account limit on password checks (sign-in, the current password in settings, delete
 * account), on top of the per-address limits: an attacker spreading guesses over many addresses
 * gets 5 free failures in 15 minutes, then must wait 1, 2, 4, 8, then 15 minutes between
 * guesses. Refused attempts are not checked and do not count, so the owner is never held off
 * longer than 15 minutes after the last real failure, and a password reset clears the count.
 */
export const ACCOUNT_THROTTLE = {
  freeFailures: 5,
  windowMs: 15 * 60_000,
  firstDelayMs: 60_000,
  maxDelayMs: 15 * 60_000,
} as const;

/** The key of an account: its email, as typed, normalised (unknown addresses are limited alike). */
export const accountKey = (email: string) => email.trim().toLowerCase();

/** How long the account must wait before its password may be checked again (0: now). */
export async function accountWaitMs(db: Database['db'], key: string, now = new Date()): Promise<number> {
  const { freeFailures, windowMs, firstDelayMs, maxDelayMs } = ACCOUNT_THROTTLE;
  const { count, last } = await repo.failuresSince(db, key, new Date(now.getTime() - windowMs));
  if (count < freeFailures || !last) return 0;
  const delay = Math.min(maxDelayMs, firstDelayMs * 2 ** (count - freeFailures));
  return Math.max(0, last.getTime() + delay - now.getTime());
}

/** Refuses (429) while the account waits; the error carries the seconds to wait. */
export async function assertAccountMayTry(db: Database['db'], key: string): Promise<void> {
  const wait = await accountWaitMs(db, key);
  if (wait <= 0) return;
  const retryAfterSeconds = Math.ceil(wait / 1000);
  throw new AppError('RATE_LIMITED', AUTH_MESSAGES.accountThrottled(Math.ceil(wait / 60_000)), {
    retryAfterSeconds,
  });
}

/** Counts a wrong password against the account, or clears its count after a right one. */
export async function notePasswordCheck(db: Database['db'], key: string, passed: boolean): Promise<void> {
  if (passed) return repo.deleteFailures(db, key);
  await repo.insertFailure(db, key, new Date(Date.now() + ACCOUNT_THROTTLE.windowMs));
}
