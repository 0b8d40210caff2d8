import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, signUp, type TestApp, testClientIp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sessionCookie = (setCookie: string | string[] | undefined) =>
  ([] as string[]).concat(setCookie ?? []).find((c) => c.startsWith('better-auth.session_token='));

describe('sessions', () => {
  it('signs up, creates a listener profile, and resolves the user from the cookie', async () => {
    const u = await signUp(t, { name: 'Ada' });
    expect(u.cookie).toMatch(/better-auth\.session_token=/);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: u.cookie } });
    expect(me.json().user).toMatchObject({
      id: u.id,
      email: u.email,
      role: 'listener',
      displayName: 'Ada',
      avatarUrl: null,
    });
    expect(me.json().user.plan).toMatchObject({ id: 'free-listener', status: null });
  });

  it('answers user null without a session', async () => {
    const me = await t.app.inject({ url: '/api/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ user: null });
  });

  it('gives a role set on the profile', async () => {
    const u = await signUp(t, { role: 'creator' });
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: u.cookie } });
    expect(me.json().user.role).toBe('creator');
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, not Secure over http', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'cookie@test.local', password: 'a-good-passphrase', name: 'Cookie' },
      remoteAddress: testClientIp(),
    });
    const cookie = sessionCookie(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('remember me on: a long-lived cookie (30 days); off: a browser-session cookie', async () => {
    const u = await signUp(t);
    const signIn = (rememberMe: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: u.email, password: u.password, rememberMe },
        remoteAddress: testClientIp(),
      });
    const remembered = sessionCookie((await signIn(true)).headers['set-cookie']);
    expect(remembered).toMatch(/Max-Age=2592000/);
    const forgotten = await signIn(false);
    expect(forgotten.statusCode).toBe(200);
    const browserSession = sessionCookie(forgotten.headers['set-cookie']);
    expect(browserSession).toBeDefined();
    expect(browserSession).not.toMatch(/Max-Age|Expires/i);
    // ...and that session works.
    const me = await t.app.inject({
      url: '/api/me',
      headers: { cookie: cookieHeader(forgotten.headers['set-cookie']) },
    });
    expect(me.json().user.id).toBe(u.id);
  });

  it('uses Secure cookies when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://wavecast.example' });
    try {
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email: 'secure@test.local', password: 'a-good-passphrase', name: 'Cookie' },
        headers: { origin: 'https://wavecast.example' },
      });
      expect(res.statusCode).toBe(200);
      const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.includes('session_token'));
      expect(cookie).toMatch(/^__Secure-better-auth\.session_token=/);
      expect(cookie).toMatch(/; Secure/i);
      const me = await secure.app.inject({
        url: '/api/me',
        headers: { cookie: cookieHeader(res.headers['set-cookie']) },
      });
      expect(me.json().user.email).toBe('secure@test.local');
    } finally {
      await secure.close();
    }
  });

  it('ends the session on the server at sign-out', async () => {
    const u = await signUp(t);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: u.cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: u.cookie } });
    expect(me.json().user).toBeNull();
  });

  it('signs in with the password of the sign-up, and refuses a wrong one with the same answer as an unknown email', async () => {
    const u = await signUp(t);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: u.email, password: u.password },
      remoteAddress: testClientIp(),
    });
    expect(ok.statusCode).toBe(200);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: u.email, password: 'not-the-password' },
      remoteAddress: testClientIp(),
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'nobody@test.local', password: 'not-the-password' },
      remoteAddress: testClientIp(),
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Invalid email or password' });
  });

  it('extends an aged session on use and sends a refreshed cookie', async () => {
    const u = await signUp(t);
    // Age the session past the one-day refresh point.
    await t.ctx.database.query(
      `UPDATE auth_sessions SET expires_at = now() + interval '2 days', updated_at = now() - interval '28 days' WHERE user_id = $1`,
      [u.id],
    );
    const res = await t.app.inject({ url: '/api/me', headers: { cookie: u.cookie } });
    expect(res.json().user.id).toBe(u.id);
    expect(sessionCookie(res.headers['set-cookie'])).toMatch(/Max-Age=2592000/);
    const [row] = await t.ctx.database.query<{ days: number }>(
      `SELECT extract(epoch FROM expires_at - now()) / 86400 AS days FROM auth_sessions WHERE user_id = $1`,
      [u.id],
    );
    expect(Number(row.days)).toBeGreaterThan(29);
  });
});
