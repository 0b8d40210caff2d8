import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser, testClientIp } from '../../../test/helpers';

// What clients see when the database or the storage fails: 503 with Retry-After, never SQL or paths.
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t);
});
afterAll(() => t.close());

const UNAVAILABLE = {
  error: { code: 'UNAVAILABLE', message: 'The service is temporarily unavailable. Please try again shortly.' },
};

describe('storage that cannot be written', () => {
  it('is reported down by /api/health (a real write is tried), without the error text', async () => {
    const root = path.join(t.dataDir, 'storage');
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    expect(await t.ctx.storage.list('')).toEqual([]); // the probe object is gone again
    // Tests run as root (chmod blocks nothing): the storage directory becomes a regular file.
    await fs.rm(root, { recursive: true });
    await fs.writeFile(root, 'not a directory');
    try {
      const res = await t.app.inject('/api/health');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().storage).toEqual({ status: 'down', driver: 'local', error: 'storage not writable' });
      expect(res.json().database.status).toBe('ok');
      expect(res.body).not.toContain(t.dataDir);
    } finally {
      await fs.rm(root);
      await fs.mkdir(path.join(root, '.tmp'), { recursive: true });
    }
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
  });
});

describe('a database that is down', () => {
  beforeAll(async () => {
    const close = t.ctx.database.close;
    await close();
    t.ctx.database.close = async () => {}; // closed already (the helper closes it again at the end)
  });

  it('/api/health answers 503 with Retry-After and no SQL', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().status).toBe('degraded');
    expect(res.json().database).toMatchObject({ status: 'down', error: 'database unavailable' });
    expect(res.body).not.toMatch(/select|query/i);
  });

  it.each([
    ['sign-in (better-auth)', 'POST', '/api/auth/sign-in/email', { email: 'a@test.local', password: 'whatever-pass' }],
    [
      'sign-up (better-auth)',
      'POST',
      '/api/auth/sign-up/email',
      { email: 'b@test.local', password: 'long-enough-pass', name: 'B' },
    ],
    ['a track', 'GET', '/api/tracks/00000000-0000-4000-8000-000000000000', undefined],
    ['explore', 'GET', '/api/explore/tracks', undefined],
    ['search', 'GET', '/api/search?q=x', undefined],
  ])('%s answers 503 UNAVAILABLE with Retry-After', async (_label, method, url, payload) => {
    const res = await t.app.inject({ method: method as 'GET', url, payload, remoteAddress: testClientIp() });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual(UNAVAILABLE);
  });

  it('a signed-in request (its session is looked up first) answers 503 too', async () => {
    const res = await t.app.inject({ url: '/api/me/likes', headers: { cookie: user.cookie } });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual(UNAVAILABLE);
  });
});
