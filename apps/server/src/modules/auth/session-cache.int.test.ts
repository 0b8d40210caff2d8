import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, signUp, type TestApp, type TestUser, testClientIp } from '../../../test/helpers';
import { authSessions } from '../../db/schema';
import { type EventBus, MemoryBus, RedisBus } from '../../realtime/bus';
import { sessionCache } from './session-cache';

// Two apps on one database and one bus stand for two server processes: with TEST_REDIS_URL the bus
// is Redis (each app its own connection, one channel), otherwise one in-memory bus shared by both.
// Sessions are cached for a minute here, so only an invalidation can explain a change showing.
let a: TestApp;
let b: TestApp;
const buses: EventBus[] = [];

beforeAll(async () => {
  const redisUrl = process.env.TEST_REDIS_URL;
  const channel = `wavecast:test:sessions:${Date.now()}`;
  const bus = (): EventBus => {
    const made = redisUrl ? new RedisBus(redisUrl, channel) : (buses[0] ?? new MemoryBus());
    buses.push(made);
    return made;
  };
  // One signing secret, as every process of one deployment has.
  const env = { SESSION_CACHE_MS: '60000', AUTH_SECRET: 'test-secret-shared-by-both-processes-0123456789' };
  a = await createTestApp(env, { share: { bus: bus() } });
  b = await createTestApp(env, { share: { database: a.ctx.database, bus: bus() } });
  await Promise.all(buses.map((x) => (x instanceof RedisBus ? x.whenReady() : undefined)));
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await Promise.all([...new Set(buses)].map((x) => x.close()));
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (t: TestApp, cookie: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie, origin: t.ctx.config.PUBLIC_URL } });
/** A route any signed-in user may read: 200 when the session stands, 401 once it ended. */
const settings = (t: TestApp, cookie: string) => call(t, cookie, 'GET', '/api/me/settings/notifications');
/** A creator-only route: 403 for other roles. */
const creatorOnly = (t: TestApp, cookie: string) => call(t, cookie, 'GET', '/api/ads/creator');
const signIn = async (t: TestApp, u: TestUser) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: u.email, password: u.password },
    remoteAddress: testClientIp(),
  });
  expect(res.statusCode).toBe(200);
  return cookieHeader(res.headers['set-cookie']);
};
/** Both processes have the session cached (a first request on each). */
const warm = async (cookie: string) => {
  expect((await settings(a, cookie)).statusCode).toBe(200);
  expect((await settings(b, cookie)).statusCode).toBe(200);
};
/** The other process's drop travels through the bus (Redis: asynchronously). */
const eventually = async (check: () => Promise<void>) => {
  for (let i = 0; ; i++) {
    try {
      return await check();
    } catch (e) {
      if (i >= 50) throw e;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
};

describe('session cache (ADR 0023)', () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await signUp(a, { role: 'admin', name: 'Root' });
  });

  it('answers a known session from memory: a row deleted behind its back is not seen within the lifetime', async () => {
    const u = await signUp(a);
    await warm(u.cookie);
    expect(sessionCache(a.ctx).size).toBeGreaterThan(0);
    await a.ctx.database.db.delete(authSessions).where(eq(authSessions.userId, u.id));
    // No lookup: the cache still stands for it (this is the staleness that invalidation removes).
    expect((await settings(a, u.cookie)).statusCode).toBe(200);
    expect((await settings(b, u.cookie)).statusCode).toBe(200);
  });

  it('sign-out ends the session at once in this process and on the other one', async () => {
    const u = await signUp(a);
    await warm(u.cookie);
    const out = await call(a, u.cookie, 'POST', '/api/auth/sign-out', {});
    expect(out.statusCode).toBe(200);
    expect((await settings(a, u.cookie)).statusCode).toBe(401);
    await eventually(async () => expect((await settings(b, u.cookie)).statusCode).toBe(401));
  });

  it('a password change ends the other sessions everywhere at once', async () => {
    const u = await signUp(a);
    const other = await signIn(a, u);
    await warm(u.cookie);
    await warm(other);
    const changed = await call(a, u.cookie, 'POST', '/api/me/password', {
      currentPassword: u.password,
      newPassword: 'another-horse-battery-9',
      confirmPassword: 'another-horse-battery-9',
    });
    expect(changed.json()).toEqual({ ok: true });
    expect((await settings(a, other)).statusCode).toBe(401);
    await eventually(async () => expect((await settings(b, other)).statusCode).toBe(401));
  });

  it('a role change applies to the next request in both processes', async () => {
    const u = await signUp(a);
    await warm(u.cookie);
    expect((await creatorOnly(a, u.cookie)).statusCode).toBe(403);
    expect((await creatorOnly(b, u.cookie)).statusCode).toBe(403);
    const res = await call(a, admin.cookie, 'PUT', `/api/admin/users/${u.id}/role`, { role: 'creator' });
    expect(res.statusCode).toBe(200);
    expect((await creatorOnly(a, u.cookie)).statusCode).toBe(200);
    await eventually(async () => expect((await creatorOnly(b, u.cookie)).statusCode).toBe(200));
  });

  it('becoming a creator from Settings opens creator routes at once', async () => {
    const u = await signUp(a);
    await warm(u.cookie);
    expect((await creatorOnly(b, u.cookie)).statusCode).toBe(403);
    expect((await call(a, u.cookie, 'POST', '/api/me/become-creator')).statusCode).toBe(200);
    expect((await creatorOnly(a, u.cookie)).statusCode).toBe(200);
    await eventually(async () => expect((await creatorOnly(b, u.cookie)).statusCode).toBe(200));
  });

  it('a suspension ends the sessions at once in both processes', async () => {
    const u = await signUp(a);
    await warm(u.cookie);
    expect((await call(a, admin.cookie, 'POST', `/api/admin/users/${u.id}/suspend`)).statusCode).toBe(200);
    expect((await settings(a, u.cookie)).statusCode).toBe(401);
    await eventually(async () => expect((await settings(b, u.cookie)).statusCode).toBe(401));
  });

  it('a deleted account has no session left anywhere', async () => {
    const u = await signUp(a);
    await warm(u.cookie);
    expect((await call(a, admin.cookie, 'DELETE', `/api/admin/users/${u.id}`)).statusCode).toBe(200);
    expect((await settings(a, u.cookie)).statusCode).toBe(401);
    await eventually(async () => expect((await settings(b, u.cookie)).statusCode).toBe(401));
  });
});
