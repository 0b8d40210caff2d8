import { AUTH_MESSAGES, MESSAGES } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, droppedMails, signUp, type TestApp, testClientIp } from '../../../test/helpers';

// Every validation message of spec section 5 that the server gives for the account forms
// (the browser-only ones, such as confirm-password and terms, are in contracts/auth.test.ts).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: testClientIp() });

const authUserCount = async () =>
  Number((await t.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM auth_users'))[0].n);

describe.each(['/api/auth/sign-up/email', '/api/auth/sign-in/email'])('%s', (url) => {
  it.each([
    [{}, MESSAGES.emailOrPhoneRequired],
    [{ email: '', password: '' }, MESSAGES.emailOrPhoneRequired],
    [{ email: '', password: 'long-enough' }, MESSAGES.emailRequired],
    [{ password: 'long-enough' }, MESSAGES.emailRequired],
    [{ email: 'not-an-email', password: 'long-enough' }, MESSAGES.emailInvalid],
    [{ email: 'a@b', password: 'long-enough' }, MESSAGES.emailInvalid],
    [{ email: 'ada@test.local', password: '' }, MESSAGES.passwordRequired],
    [{ email: 'ada@test.local' }, MESSAGES.passwordRequired],
    [{ email: 'ada@test.local', password: '12345' }, MESSAGES.passwordTooShort],
  ])('%j → %s', async (payload, message) => {
    const before = await authUserCount();
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message, details: { reason: 'VALIDATION_FAILED' } },
    });
    expect(await authUserCount()).toBe(before);
  });
});

describe('sign-up', () => {
  it('refuses the most common passwords, whatever their case', async () => {
    for (const password of ['password1', 'Qwerty123', 'iloveyou']) {
      const res = await post('/api/auth/sign-up/email', {
        email: `c-${password}@test.local`,
        password,
        name: 'Common',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(AUTH_MESSAGES.commonPassword);
    }
  });

  it('accepts exactly 6 characters', async () => {
    const res = await post('/api/auth/sign-up/email', { email: 'six@test.local', password: 'zq7#mv', name: 'Six' });
    expect(res.statusCode).toBe(200);
  });

  it('makes a listener by default and a creator when asked, in the same request', async () => {
    const listener = await post('/api/auth/sign-up/email', {
      email: 'l@test.local',
      password: 'a-good-passphrase',
      name: 'Lee',
    });
    const creator = await post('/api/auth/sign-up/email', {
      email: 'c@test.local',
      password: 'a-good-passphrase',
      name: 'Cee',
      accountType: 'creator',
    });
    const role = async (res: typeof listener) =>
      (
        await t.ctx.database.query<{ r: string }>('SELECT user_role AS r FROM users WHERE id = $1', [
          res.json().user.id,
        ])
      )[0].r;
    expect(await role(listener)).toBe('listener');
    expect(await role(creator)).toBe('creator');
  });

  it('never takes another role from the request body', async () => {
    const before = await authUserCount();
    const asType = await post('/api/auth/sign-up/email', {
      email: 'x1@test.local',
      password: 'a-good-passphrase',
      name: 'X1',
      accountType: 'admin',
    });
    expect(asType.statusCode).toBe(400);
    const asRole = await post('/api/auth/sign-up/email', {
      email: 'x2@test.local',
      password: 'a-good-passphrase',
      name: 'X2',
      role: 'admin',
    });
    expect(asRole.statusCode).toBe(400);
    expect(await authUserCount()).toBe(before);
    const roles = await t.ctx.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE user_role = 'admin'`,
    );
    expect(roles[0].n).toBe(0);
  });

  it('says an email is taken with a conflict', async () => {
    const u = await signUp(t);
    const res = await post('/api/auth/sign-up/email', { email: u.email, password: 'another-passphrase', name: 'Twin' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('CONFLICT');
  });

  it('sends a verification mail, and signing in does not wait for it', async () => {
    const res = await post('/api/auth/sign-up/email', {
      email: 'verify@test.local',
      password: 'a-good-passphrase',
      name: 'Vera',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeDefined();
    // The whole mail, as the recipient gets it (the outbox admins read hides the token).
    const [mail] = await droppedMails(t, 'verify@test.local');
    expect(mail.subject).toMatch(/Verify your Wavecast email address/);
    const link = /(http\S+verify-email\S+)/.exec(mail.text)?.[1] as string;
    const verify = await t.app.inject({ url: new URL(link).pathname + new URL(link).search });
    expect(verify.statusCode).toBe(302);
    const [row] = await t.ctx.database.query<{ v: boolean }>(
      `SELECT email_verified AS v FROM auth_users WHERE email = 'verify@test.local'`,
    );
    expect(row.v).toBe(true);
  });
});

describe('reset and change password', () => {
  it('forgot password needs an email', async () => {
    const res = await post('/api/auth/request-password-reset', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MESSAGES.emailRequired);
  });

  it('reset password needs at least 6 characters', async () => {
    const res = await post('/api/auth/reset-password', { token: 'whatever', newPassword: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MESSAGES.passwordTooShort);
  });

  it('change password: new passwords must match, be 6+ characters, not common; the current one is checked', async () => {
    const u = await signUp(t);
    const change = (body: object) =>
      t.app.inject({ method: 'POST', url: '/api/me/password', headers: { cookie: u.cookie }, payload: body });
    const mismatch = await change({
      currentPassword: u.password,
      newPassword: 'brand-new-pass',
      confirmPassword: 'other',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toBe(MESSAGES.newPasswordsDoNotMatch);
    const short = await change({ currentPassword: u.password, newPassword: '12345', confirmPassword: '12345' });
    expect(short.json().error.message).toBe(MESSAGES.passwordTooShort);
    const common = await change({ currentPassword: u.password, newPassword: 'sunshine', confirmPassword: 'sunshine' });
    expect(common.json().error.message).toBe(AUTH_MESSAGES.commonPassword);
    const wrong = await change({
      currentPassword: 'not-it-at-all',
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(AUTH_MESSAGES.currentPasswordIncorrect);
  });

  it("profile update without a session: 'User not authenticated'", async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/me/profile', payload: { displayName: 'X' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'UNAUTHENTICATED', message: MESSAGES.userNotAuthenticated });
  });
});
