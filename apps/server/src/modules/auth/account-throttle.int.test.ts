import { AUTH_MESSAGES } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, testClientIp } from '../../../test/helpers';
import { ACCOUNT_LIMITS } from '../../lib/rate-limits';
import { ACCOUNT_THROTTLE } from './account-throttle';

// Password guesses spread over many addresses are limited per account (the per-address limits
// are in rate-limit.int.test.ts). Time passes on the app's test clock.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    remoteAddress: testClientIp(),
  });

/** As if `ms` had passed (the limits run on the app's clock). */
async function age(_email: string, ms: number) {
  t.ctx.clock.advance(ms);
}

describe('per-account limit on password checks', () => {
  it('30 wrong passwords from 30 addresses: 5 are checked, the rest wait (429), the owner too, briefly', async () => {
    const u = await signUp(t);
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) codes.push((await signIn(u.email, `wrong-guess-${i}`)).statusCode);
    expect(codes).toEqual([...Array(5).fill(401), ...Array(25).fill(429)]);

    const waiting = await signIn(u.email, u.password);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().error).toMatchObject({ code: 'RATE_LIMITED', message: AUTH_MESSAGES.accountThrottled(1) });
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(waiting.headers['set-cookie']).toBeUndefined();

    // A minute later the owner gets in, and the count starts over.
    await age(u.email, ACCOUNT_THROTTLE.firstDelayMs + 1000);
    expect((await signIn(u.email, u.password)).statusCode).toBe(200);
    expect((await signIn(u.email, 'wrong-again')).statusCode).toBe(401);
  });

  it('the wait grows with each further failure, and is per account (any case of the email)', async () => {
    const u = await signUp(t);
    const other = await signUp(t);
    for (let i = 0; i < 5; i++) expect((await signIn(u.email.toUpperCase(), `nope-${i}`)).statusCode).toBe(401);
    await age(u.email, ACCOUNT_THROTTLE.firstDelayMs + 1000);
    expect((await signIn(u.email, 'nope-5')).statusCode).toBe(401);
    const second = await signIn(u.email, 'nope-6');
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(60);
    expect(second.json().error.message).toBe(AUTH_MESSAGES.accountThrottled(2));
    expect((await signIn(other.email, other.password)).statusCode).toBe(200);
  });

  it('unknown addresses are limited alike (no hint whether an account exists)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await signIn('nobody-here@test.local', `x-guess-${i}`)).statusCode);
    expect(codes).toEqual([...Array(5).fill(401), 429, 429]);
  });

  it('the current password in settings counts against the same account', async () => {
    const u = await signUp(t);
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/me/password',
        headers: { cookie: u.cookie },
        payload: { currentPassword, newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
        remoteAddress: testClientIp(),
      });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await change(`wrong-current-${i}`)).statusCode);
    expect(codes).toEqual([...Array(5).fill(400), 429]);
    expect((await change(u.password)).statusCode).toBe(429);
    expect((await signIn(u.email, u.password)).statusCode).toBe(429);
  });

  it('80 wrong passwords at once from 80 addresses: at most 5 are checked; the owner waits, then gets in', async () => {
    const u = await signUp(t);
    const burst = await Promise.all(Array.from({ length: 80 }, (_, i) => signIn(u.email, `parallel-guess-${i}`)));
    const codes = burst.map((r) => r.statusCode);
    const checked = codes.filter((c) => c === 401).length;
    expect(checked).toBeLessThanOrEqual(ACCOUNT_THROTTLE.freeFailures);
    expect(checked).toBeGreaterThan(0);
    expect(codes.filter((c) => c === 429).length).toBe(80 - checked);

    // The right password is refused while the account waits, and works after the wait.
    expect((await signIn(u.email, u.password)).statusCode).toBe(429);
    await age(u.email, ACCOUNT_THROTTLE.firstDelayMs + 1000);
    expect((await signIn(u.email, u.password)).statusCode).toBe(200);
  });
});

describe("per-account limit on an admin's step-up", () => {
  it('80 wrong step-up passwords at once: at most 5 are checked; its count is its own', async () => {
    const admin = await signUp(t, { role: 'admin' });
    const stepUp = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/step-up',
        headers: { cookie: admin.cookie },
        payload: { password },
        remoteAddress: testClientIp(),
      });
    const burst = await Promise.all(Array.from({ length: 80 }, (_, i) => stepUp(`wrong-step-up-${i}`)));
    const codes = burst.map((r) => r.statusCode);
    const checked = codes.filter((c) => c === 400).length;
    expect(checked).toBeLessThanOrEqual(ACCOUNT_THROTTLE.freeFailures);
    expect(checked).toBeGreaterThan(0);
    expect(codes.filter((c) => c === 429).length).toBe(80 - checked);

    const waiting = await stepUp(admin.password);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().error.code).toBe('RATE_LIMITED');
    // Signing in is another count: the admin is not locked out of the site by the step-up guesses.
    expect((await signIn(admin.email, admin.password)).statusCode).toBe(200);
    await age(admin.email, ACCOUNT_LIMITS.stepUp.firstDelayMs + 1000);
    expect((await stepUp(admin.password)).statusCode).toBe(200);
  });
});

describe('the password attempts prune (auth.attempts-prune)', () => {
  it('is scheduled, and forgets counts that no longer limit anything, keeping recent ones', async () => {
    const invented = `nobody-${Date.now()}@example.invalid`;
    for (let i = 0; i < 3; i++) expect((await signIn(invented, `guess-${i}`)).statusCode).toBe(401);
    const subjects = async () =>
      (await t.ctx.database.query<{ subject: string }>(`SELECT subject FROM password_attempts`)).map((r) => r.subject);
    expect(await subjects()).toContain(invented);

    t.ctx.clock.advance(ACCOUNT_LIMITS.password.windowMs + 60_000);
    const recent = `recent-${Date.now()}@example.invalid`;
    expect((await signIn(recent, 'guess-recent')).statusCode).toBe(401);

    const queued = `SELECT 1 FROM jobs WHERE type = 'auth.attempts-prune' AND status = 'queued'`;
    expect(await t.ctx.database.query(queued)).toHaveLength(1);
    await t.ctx.database.query(
      `UPDATE jobs SET run_at = now() WHERE type = 'auth.attempts-prune' AND status = 'queued'`,
    );
    await t.ctx.jobs.drain();

    const left = await subjects();
    expect(left).not.toContain(invented);
    expect(left).toContain(recent);
  });
});
