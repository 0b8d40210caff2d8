import { MESSAGES } from '@wavecast/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installRequestGuards } from '../src/lib/guard';
import { createTestApp, signUp, type TestApp, type TestUser } from './helpers';

/** The one request guard (lib/guard.ts): origin checks and each route's declared access. */
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t);
});
afterAll(() => t.close());

const FOREIGN = 'https://evil.example';

describe('origin', () => {
  // One route per module: the check is the app's, not each module's.
  const writes = [
    { method: 'POST', url: '/api/playlists', payload: { name: 'From afar' } },
    { method: 'PUT', url: '/api/me/settings/privacy', payload: { profileVisibility: 'public' } },
    { method: 'POST', url: '/api/notifications/read-all' },
    { method: 'POST', url: '/api/support/contact', payload: { name: 'x', email: 'x@example.com', message: 'hi' } },
    { method: 'POST', url: '/api/plays', payload: {} },
    { method: 'POST', url: '/api/auth/sign-out' },
  ] as const;

  it.each(writes)('a foreign Origin is refused: $method $url', async ({ method, url, ...rest }) => {
    const payload = 'payload' in rest ? rest.payload : undefined;
    const res = await t.app.inject({ method, url, payload, headers: { cookie: user.cookie, origin: FOREIGN } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Bad origin' } });
  });

  it('our own origin passes, and reads are not origin-checked', async () => {
    const own = new URL(t.ctx.config.PUBLIC_URL).origin;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { cookie: user.cookie, origin: own },
    });
    expect(res.statusCode).toBe(204);
    const read = await t.app.inject({ method: 'GET', url: '/api/home', headers: { origin: FOREIGN } });
    expect(read.statusCode).toBe(200);
  });
});

describe('access', () => {
  it('a signed-out request to a user-only route is answered 401 before its body is read', async () => {
    // Larger than the body limit (1 MiB): reading it would answer 413.
    const huge = JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/playlists',
      payload: huge,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'You must be signed in' } });
    // Signed in, the same body is read, and is too large.
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/playlists',
      payload: huge,
      headers: { 'content-type': 'application/json', cookie: user.cookie },
    });
    expect(signedIn.statusCode).toBe(413);
  });

  it('an upload from a signed-out caller gets the spec message, whatever it sends', async () => {
    const boundary = '----guard';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="a.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n${'x'.repeat(2 * 1024 * 1024)}\r\n--${boundary}--\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tracks',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: MESSAGES.mustBeLoggedInToUpload } });
  });

  it('a wrong role is refused with 403 before validation', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/live',
      payload: { not: 'valid' },
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(403);
  });

  it('an API route without an access declaration fails at registration', async () => {
    const app = Fastify();
    installRequestGuards(app, { publicUrl: 'http://localhost' });
    expect(() => app.post('/api/forgotten', async () => ({ ok: true }))).toThrow(/declares no access/);
    expect(() => app.get('/api/declared', { config: { access: 'public' } }, async () => ({}))).not.toThrow();
    // Not the API (the SPA, static files): nothing to declare.
    expect(() => app.get('/about', async () => ({}))).not.toThrow();
    await app.close();
  });
});
