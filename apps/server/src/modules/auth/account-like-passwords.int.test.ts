import { AUTH_MESSAGES } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, testClientIp } from '../../../test/helpers';

// A password that is the account's email, its local part or the site's name is refused everywhere
// a password is chosen; the spec's minimum length (6) stays as it is.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, cookie = '') =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie }, remoteAddress: testClientIp() });
const authUsers = async (email: string) =>
  Number(
    (
      await t.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM auth_users WHERE email = $1', [email])
    )[0].n,
  );

/** A live reset token of the user, as the reset mail would carry it. */
async function resetToken(userId: string, email: string): Promise<string> {
  expect((await post('/api/auth/request-password-reset', { email })).statusCode).toBe(200);
  const rows = await t.ctx.database.query<{ identifier: string }>(
    `SELECT identifier FROM auth_verifications WHERE value = $1 AND identifier LIKE 'reset-password:%'`,
    [userId],
  );
  return rows[0].identifier.slice('reset-password:'.length);
}

describe('passwords like the account are refused', () => {
  it.each([
    ['the email', 'Marlene.Dietrich@test.local', 'marlene.dietrich@test.local'],
    ['the local part', 'marlene.d@test.local', 'MARLENE.D'],
    ['the site name', 'someone@test.local', 'wAvEcAsT'],
  ])('at sign-up: %s', async (_what, email, password) => {
    const res = await post('/api/auth/sign-up/email', { email, password, name: 'Like' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(AUTH_MESSAGES.passwordLikeAccount);
    expect(await authUsers(email.toLowerCase())).toBe(0);
  });

  it('a password that only contains them is fine (the minimum length stays 6)', async () => {
    const res = await post('/api/auth/sign-up/email', {
      email: 'fine@test.local',
      password: 'wavecast-fine-2',
      name: 'Fine',
    });
    expect(res.statusCode).toBe(200);
  });

  it('at reset: refused, and the token still works for a good password', async () => {
    const u = await signUp(t);
    const token = await resetToken(u.id, u.email);
    for (const bad of [u.email, u.email.split('@')[0], 'WAVECAST']) {
      const res = await post('/api/auth/reset-password', { token, newPassword: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(AUTH_MESSAGES.passwordLikeAccount);
    }
    expect((await post('/api/auth/reset-password', { token, newPassword: 'a-fresh-passphrase' })).statusCode).toBe(200);
  });

  it('at change password: refused, the old password stays', async () => {
    const u = await signUp(t);
    const change = (newPassword: string) =>
      post('/api/me/password', { currentPassword: u.password, newPassword, confirmPassword: newPassword }, u.cookie);
    for (const bad of [u.email.toUpperCase(), u.email.split('@')[0], 'Wavecast']) {
      const res = await change(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(AUTH_MESSAGES.passwordLikeAccount);
    }
    expect((await post('/api/auth/sign-in/email', { email: u.email, password: u.password })).statusCode).toBe(200);
  });
});

describe('the display name and the 100,000 most common passwords are refused too', () => {
  it.each([
    ['weakpw', AUTH_MESSAGES.commonPassword],
    ['P@ssw0rd', AUTH_MESSAGES.commonPassword],
    ['Greta Garbo', AUTH_MESSAGES.passwordLikeName],
    ['gretagarbo', AUTH_MESSAGES.passwordLikeName],
    ['greta.g@test.local', AUTH_MESSAGES.passwordLikeAccount],
  ])('at sign-up: %s', async (password, message) => {
    const email = 'greta.g@test.local';
    const res = await post('/api/auth/sign-up/email', { email, password, name: 'Greta Garbo' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(await authUsers(email)).toBe(0);
  });

  it('the spec’s length message is unchanged', async () => {
    const res = await post('/api/auth/sign-up/email', { email: 'short@test.local', password: 'abc', name: 'Short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Password must be at least 6 characters');
  });

  it('at change password and at reset: the display name (as changed in settings) and common ones', async () => {
    const u = await signUp(t, { name: 'Original Name' });
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: { cookie: u.cookie },
      payload: { displayName: 'Louise Brooks' },
    });
    expect(renamed.statusCode).toBe(200);
    const change = (newPassword: string) =>
      post('/api/me/password', { currentPassword: u.password, newPassword, confirmPassword: newPassword }, u.cookie);
    const token = await resetToken(u.id, u.email);
    const reset = (newPassword: string) => post('/api/auth/reset-password', { token, newPassword });
    for (const send of [change, reset]) {
      for (const [bad, message] of [
        ['LouiseBrooks', AUTH_MESSAGES.passwordLikeName],
        ['weakpw', AUTH_MESSAGES.commonPassword],
        ['P@ssw0rd', AUTH_MESSAGES.commonPassword],
      ]) {
        const res = await send(bad);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().error.message).toBe(message);
      }
    }
    expect((await reset('a-fresh-passphrase-7')).statusCode).toBe(200);
  });
});
