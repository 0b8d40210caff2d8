import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { cookieHeader, createTestApp, signUp, type TestApp, type TestUser, testClientIp } from '../../../test/helpers';
import { authSessions } from '../../db/schema';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';

let t: TestApp;
let wsUrl: string;

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/ws`;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = (cookie: string, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload, headers: { cookie, ...headers } });

/** Signs the user in again from another device: its own address and browser; the Cookie header. */
async function signIn(u: TestUser, userAgent: string, ip = testClientIp()): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: u.email, password: u.password },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(res.statusCode).toBe(200);
  return cookieHeader(res.headers['set-cookie']);
}

type Device = {
  id: string;
  browser: string | null;
  os: string | null;
  ipAddress: string | null;
  lastSeenAt: string;
  current: boolean;
};
const devices = async (cookie: string): Promise<Device[]> => {
  const res = await call(cookie, 'GET', '/api/me/sessions');
  expect(res.statusCode).toBe(200);
  return res.json().items;
};
const sessionRows = (userId: string) =>
  t.ctx.database.db.select().from(authSessions).where(eq(authSessions.userId, userId));

/** A signed-in WebSocket of this cookie's session, open. */
async function openSocket(cookie: string): Promise<WebSocket> {
  const ws = new WebSocket(wsUrl, { headers: { cookie, origin: t.ctx.config.PUBLIC_URL } });
  await new Promise((r, j) => {
    ws.once('open', r);
    ws.once('error', j);
  });
  return ws;
}

describe('Settings → Security → signed-in devices', () => {
  it('lists both devices with browser, OS, address and "this device"; never a token', async () => {
    const u = await signUp(t);
    const laptop = await signIn(u, FIREFOX, '10.200.0.1');
    const phone = await signIn(u, SAFARI, '10.200.0.2');
    // The sign-up's own session ends: two devices are left.
    expect((await call(u.cookie, 'POST', '/api/auth/sign-out', {})).statusCode).toBe(200);

    const list = await devices(laptop);
    expect(list).toHaveLength(2);
    const mine = list.find((d) => d.current);
    const other = list.find((d) => !d.current);
    expect(mine).toMatchObject({ browser: 'Firefox 121', os: 'Windows 10', ipAddress: '10.200.0.1' });
    expect(other).toMatchObject({ browser: 'Safari 17', os: 'Mac OS 10.15.7', ipAddress: '10.200.0.2' });
    expect(Number.isNaN(Date.parse(mine?.lastSeenAt ?? ''))).toBe(false);
    // From the phone, the phone is "this device".
    expect((await devices(phone)).find((d) => d.current)?.browser).toBe('Safari 17');

    const tokens = (await sessionRows(u.id)).map((r) => r.token);
    const body = (await call(laptop, 'GET', '/api/me/sessions')).body;
    for (const token of tokens) expect(body).not.toContain(token);
  });

  it('marks last seen at most once per 5 minutes per session', async () => {
    const u = await signUp(t);
    const cookie = await signIn(u, FIREFOX);
    const [row] = (await sessionRows(u.id)).filter((r) => r.userAgent === FIREFOX);
    await call(cookie, 'GET', '/api/me');
    const seen = async () =>
      (await t.ctx.database.db.select().from(authSessions).where(eq(authSessions.id, row.id)))[0].lastSeenAt;
    await expect.poll(seen).not.toBeNull();
    const first = await seen();
    await call(cookie, 'GET', '/api/me');
    await new Promise((r) => setTimeout(r, 50));
    expect(await seen()).toEqual(first);
  });

  it('signs one other device out: its cookie is 401 and its socket closes with 4401 within 1 s', async () => {
    const u = await signUp(t);
    const laptop = await signIn(u, FIREFOX);
    const phone = await signIn(u, SAFARI);
    const ws = await openSocket(phone);
    const mySocket = await openSocket(laptop);
    const closed = new Promise<{ code: number; at: number }>((r) =>
      ws.once('close', (code) => r({ code, at: Date.now() })),
    );
    let mineClosed = false;
    mySocket.once('close', () => {
      mineClosed = true;
    });

    const phoneId = (await devices(laptop)).find((d) => d.browser === 'Safari 17')?.id;
    expect(phoneId).toBeDefined();
    const started = Date.now();
    const res = await call(laptop, 'DELETE', `/api/me/sessions/${phoneId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signedOut: 1, message: 'Device signed out.' });
    expect(res.headers['set-cookie']).toBeUndefined();

    const { code, at } = await closed;
    expect(code).toBe(4401);
    expect(at - started).toBeLessThan(1000);
    expect((await call(phone, 'GET', '/api/me/profile')).statusCode).toBe(401);
    expect((await call(phone, 'GET', '/api/me')).json().user).toBeNull();
    expect((await call(laptop, 'GET', '/api/me/profile')).statusCode).toBe(200);
    expect(mineClosed).toBe(false);
    expect((await devices(laptop)).map((d) => d.id)).not.toContain(phoneId);
    // Twice: it is gone.
    expect((await call(laptop, 'DELETE', `/api/me/sessions/${phoneId}`)).statusCode).toBe(404);
    mySocket.close();
  });

  it("another user's session is 404 and stays", async () => {
    const u = await signUp(t);
    const stranger = await signUp(t);
    const [theirs] = await sessionRows(stranger.id);
    const res = await call(u.cookie, 'DELETE', `/api/me/sessions/${theirs.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Session not found');
    expect((await call(u.cookie, 'DELETE', '/api/me/sessions/no-such-session')).statusCode).toBe(404);
    expect(await sessionRows(stranger.id)).toHaveLength(1);
    expect((await call(stranger.cookie, 'GET', '/api/me/profile')).statusCode).toBe(200);
    expect((await devices(u.cookie)).map((d) => d.id)).not.toContain(theirs.id);
  });

  it('signs out all other devices and keeps this one', async () => {
    const u = await signUp(t);
    const a = await signIn(u, FIREFOX);
    const b = await signIn(u, SAFARI);
    const ws = await openSocket(b);
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));

    const res = await call(u.cookie, 'POST', '/api/me/sessions/sign-out-others');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signedOut: 2, message: 'All other devices signed out.' });
    expect(await closed).toBe(4401);
    for (const cookie of [a, b]) expect((await call(cookie, 'GET', '/api/me/profile')).statusCode).toBe(401);
    expect((await call(u.cookie, 'GET', '/api/me/profile')).statusCode).toBe(200);
    const left = await devices(u.cookie);
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
    // Nothing left to sign out.
    expect((await call(u.cookie, 'POST', '/api/me/sessions/sign-out-others')).json().signedOut).toBe(0);
  });

  it('signing this device out drops its cookies', async () => {
    const u = await signUp(t);
    const [mine] = await sessionRows(u.id);
    const res = await call(u.cookie, 'DELETE', `/api/me/sessions/${mine.id}`);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/better-auth\.session_token=; Path=\/; Max-Age=0/);
    expect((await call(u.cookie, 'GET', '/api/me/profile')).statusCode).toBe(401);
  });

  it('is for a signed-in session only: anonymous 401, a foreign origin 403, an API token 403', async () => {
    const u = await signUp(t);
    const other = await signIn(u, SAFARI);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/sessions' })).statusCode).toBe(401);
    const foreign = await call(u.cookie, 'POST', '/api/me/sessions/sign-out-others', undefined, {
      origin: 'https://evil.example',
    });
    expect(foreign.statusCode).toBe(403);
    expect((await call(other, 'GET', '/api/me/profile')).statusCode).toBe(200);

    const created = (await call(u.cookie, 'POST', '/api/tokens', { name: 'CI', scope: 'read-write' })).json();
    for (const [method, url] of [
      ['GET', '/api/me/sessions'],
      ['POST', '/api/me/sessions/sign-out-others'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${created.secret}` } });
      expect(res.statusCode, url).toBe(403);
    }
    expect(await sessionRows(u.id)).toHaveLength(2);
  });
});

describe('API tokens end with the password or the account', () => {
  const createToken = async (cookie: string) => {
    const res = await call(cookie, 'POST', '/api/tokens', { name: 'CI', scope: 'read' });
    expect(res.statusCode).toBe(201);
    return res.json().secret as string;
  };
  const withToken = (secret: string) =>
    t.app.inject({ method: 'GET', url: '/api/me/profile', headers: { authorization: `Bearer ${secret}` } });

  it('a password change revokes the tokens made before it', async () => {
    const u = await signUp(t);
    const secret = await createToken(u.cookie);
    expect((await withToken(secret)).statusCode).toBe(200);
    const res = await call(u.cookie, 'POST', '/api/me/password', {
      currentPassword: u.password,
      newPassword: 'a-brand-new-passphrase',
      confirmPassword: 'a-brand-new-passphrase',
    });
    expect(res.statusCode).toBe(200);
    expect((await withToken(secret)).statusCode).toBe(401);
    const listed = (await call(cookieHeader(res.headers['set-cookie']), 'GET', '/api/tokens')).json().items;
    expect(listed[0].revokedAt).not.toBeNull();
    // A token made after it works.
    const fresh = await createToken(cookieHeader(res.headers['set-cookie']));
    expect((await withToken(fresh)).statusCode).toBe(200);
  });

  it('a suspension revokes them too (and they stay revoked when the account is restored)', async () => {
    const admin = await signUp(t, { role: 'admin' });
    const u = await signUp(t);
    const secret = await createToken(u.cookie);
    expect((await withToken(secret)).statusCode).toBe(200);
    expect((await call(admin.cookie, 'POST', `/api/admin/users/${u.id}/suspend`)).statusCode).toBe(200);
    expect((await withToken(secret)).statusCode).toBe(401);
    expect((await call(admin.cookie, 'POST', `/api/admin/users/${u.id}/restore`)).statusCode).toBe(200);
    expect((await withToken(secret)).statusCode).toBe(401);
  });
});
