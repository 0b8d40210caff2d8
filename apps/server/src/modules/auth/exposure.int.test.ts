import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, signUp, type TestApp, testClientIp } from '../../../test/helpers';

// What /api/auth/* lets a browser reach, and what its answers carry.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, cookie = '') =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie }, remoteAddress: testClientIp() });
/** The raw session token: the signed cookie's value before its signature. */
const tokenOf = (cookie: string) =>
  decodeURIComponent(/better-auth\.session_token=([^;]+)/.exec(cookie)?.[1] ?? '').split('.')[0];
const me = async (cookie: string) => (await t.app.inject({ url: '/api/me', headers: { cookie } })).json().user;

describe('only the endpoints the web app uses are exposed', () => {
  it("better-auth's change-password cannot keep other sessions alive: 404, nothing changed", async () => {
    const u = await signUp(t);
    const other = await post('/api/auth/sign-in/email', { email: u.email, password: u.password });
    const otherCookie = cookieHeader(other.headers['set-cookie']);
    const res = await post(
      '/api/auth/change-password',
      { currentPassword: u.password, newPassword: 'a-new-passphrase', revokeOtherSessions: false },
      u.cookie,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    const again = await post('/api/auth/sign-in/email', { email: u.email, password: u.password });
    expect(again.statusCode).toBe(200);
    expect((await me(otherCookie))?.id).toBe(u.id);
  });

  it('other better-auth endpoints answer 404 too (GET and POST)', async () => {
    const u = await signUp(t);
    const get = (url: string) => t.app.inject({ url, headers: { cookie: u.cookie } });
    expect((await get('/api/auth/list-sessions')).statusCode).toBe(404);
    expect((await get('/api/auth/list-accounts')).statusCode).toBe(404);
    expect((await get('/api/auth/ok')).statusCode).toBe(404);
    expect((await post('/api/auth/update-user', { name: 'Hijacked' }, u.cookie)).statusCode).toBe(404);
    expect((await post('/api/auth/delete-user', {}, u.cookie)).statusCode).toBe(404);
    expect((await post('/api/auth/revoke-other-sessions', {}, u.cookie)).statusCode).toBe(404);
    expect((await me(u.cookie))?.id).toBe(u.id);
  });

  it('the endpoints the web app uses still work', async () => {
    const u = await signUp(t);
    expect((await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: u.cookie } })).statusCode).toBe(200);
    expect((await post('/api/auth/request-password-reset', { email: u.email })).statusCode).toBe(200);
    expect((await post('/api/auth/sign-out', {}, u.cookie)).statusCode).toBe(200);
    expect(await me(u.cookie)).toBeNull();
  });
});

describe('auth answers carry no session tokens (the cookie is HttpOnly)', () => {
  it('sign-up, sign-in and get-session bodies hold no token', async () => {
    const email = `tokens-${Date.now()}@test.local`;
    const up = await post('/api/auth/sign-up/email', { email, password: 'a-good-passphrase', name: 'Tok' });
    expect(up.statusCode).toBe(200);
    const upCookie = cookieHeader(up.headers['set-cookie']);
    expect(up.json().user.email).toBe(email);
    expect(up.json()).not.toHaveProperty('token');
    expect(up.body).not.toContain(tokenOf(upCookie));

    const signIn = await post('/api/auth/sign-in/email', { email, password: 'a-good-passphrase' });
    expect(signIn.statusCode).toBe(200);
    const cookie = cookieHeader(signIn.headers['set-cookie']);
    expect(signIn.json()).not.toHaveProperty('token');
    expect(signIn.body).not.toContain(tokenOf(cookie));

    const session = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json().user.email).toBe(email);
    expect(session.json().session).not.toHaveProperty('token');
    // Neither this session's token nor the other session's.
    expect(session.body).not.toContain(tokenOf(cookie));
    expect(session.body).not.toContain(tokenOf(upCookie));
  });
});
