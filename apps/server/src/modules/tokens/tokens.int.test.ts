import { TOKEN_RATE_LIMIT } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'PUT';
const call = (who: TestUser, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
const bearer = (token: string, method: Method, url: string, extra: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...extra } });

async function createToken(who: TestUser, scope: 'read' | 'read-write', name = 'CI') {
  const res = await call(who, 'POST', '/api/tokens', { name, scope });
  expect(res.statusCode).toBe(201);
  return res.json() as { token: { id: string; prefix: string }; secret: string; message: string };
}

describe('personal access tokens', () => {
  it('is shown once, stored hashed, and authenticates as its owner', async () => {
    const u = await signUp(t, { name: 'Tok Owner' });
    const created = await createToken(u, 'read');
    expect(created.message).toBe('Token created. Copy it now: it will not be shown again.');
    expect(created.secret).toMatch(/^wct_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(created.token.prefix)).toBe(true);
    const rows = await t.ctx.database.query<{ token_hash: string }>('SELECT token_hash FROM api_tokens WHERE id = $1', [
      created.token.id,
    ]);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].token_hash).not.toContain(created.secret);
    const list = (await call(u, 'GET', '/api/tokens')).json().items;
    expect(list).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(created.secret);

    const me = await bearer(created.secret, 'GET', '/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user?.id ?? me.json().id ?? me.json().profile?.id).toBe(u.id);
  });

  it('a read token cannot write (403); a read-write token can, from any origin', async () => {
    const u = await signUp(t);
    const other = await signUp(t);
    const read = await createToken(u, 'read');
    const rw = await createToken(u, 'read-write');
    const refused = await bearer(read.secret, 'POST', `/api/users/${other.id}/follow`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('This token is read-only');
    const ok = await bearer(rw.secret, 'POST', `/api/users/${other.id}/follow`, {
      origin: 'https://elsewhere.example',
    });
    expect(ok.statusCode).toBe(200);
    // A cookie request from a foreign origin is still refused.
    const csrf = await t.app.inject({
      method: 'POST',
      url: `/api/users/${other.id}/follow`,
      headers: { cookie: u.cookie, origin: 'https://elsewhere.example', authorization: `Bearer ${rw.secret}` },
    });
    expect(csrf.statusCode).toBe(403);
  });

  it('a wrong or revoked token is 401; last use is recorded', async () => {
    const u = await signUp(t);
    const tok = await createToken(u, 'read');
    expect((await bearer('wct_nope', 'GET', '/api/me')).statusCode).toBe(401);
    expect((await bearer(`${tok.secret}x`, 'GET', '/api/me')).statusCode).toBe(401);

    let listed = (await call(u, 'GET', '/api/tokens')).json().items[0];
    expect(listed.lastUsedAt).toBeNull();
    await t.app.inject({ method: 'POST', url: '/api/test/clock', payload: { advanceMs: 3_600_000 } });
    expect((await bearer(tok.secret, 'GET', '/api/me')).statusCode).toBe(200);
    listed = (await call(u, 'GET', '/api/tokens')).json().items[0];
    expect(listed.lastUsedAt).not.toBeNull();
    expect(Math.abs(Date.parse(listed.lastUsedAt) - t.ctx.clock.now().getTime())).toBeLessThan(1000);

    const other = await signUp(t);
    expect((await call(other, 'DELETE', `/api/tokens/${tok.token.id}`)).statusCode).toBe(404);
    const revoked = await call(u, 'DELETE', `/api/tokens/${tok.token.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().message).toBe('Token revoked.');
    expect(revoked.json().token.revokedAt).not.toBeNull();
    const after = await bearer(tok.secret, 'GET', '/api/me');
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe('Invalid or revoked token');
  });

  it('never opens admin, auth or token routes, nor step-up', async () => {
    const admin = await signUp(t, { role: 'admin' });
    const tok = await createToken(admin, 'read-write');
    for (const [method, url] of [
      ['GET', '/api/admin/applications'],
      ['GET', '/api/admin/step-up'],
      ['GET', '/api/tokens'],
      ['POST', '/api/tokens'],
      ['GET', '/api/auth/get-session'],
    ] as const) {
      const res = await bearer(tok.secret, method, url);
      expect([401, 403], `${method} ${url}`).toContain(res.statusCode);
    }
    // The session itself still reaches admin routes.
    expect((await call(admin, 'GET', '/api/admin/applications')).statusCode).toBe(200);
  });

  it('bad input changes nothing', async () => {
    const u = await signUp(t);
    for (const body of [
      { name: '', scope: 'read' },
      { name: 'a\0b', scope: 'read' },
      { name: 'x'.repeat(81), scope: 'read' },
      { name: 'ok', scope: 'admin' },
    ]) {
      expect((await call(u, 'POST', '/api/tokens', body)).statusCode).toBe(400);
    }
    expect((await call(u, 'DELETE', '/api/tokens/not-a-uuid')).statusCode).toBe(400);
    expect((await call(u, 'GET', '/api/tokens')).json().items).toHaveLength(0);
  });

  it('each token has its own rate limit', async () => {
    const u = await signUp(t);
    const a = await createToken(u, 'read', 'a');
    const b = await createToken(u, 'read', 'b');
    for (let i = 0; i < TOKEN_RATE_LIMIT.max; i++) {
      expect((await bearer(a.secret, 'GET', '/api/me')).statusCode).toBe(200);
    }
    expect((await bearer(a.secret, 'GET', '/api/me')).statusCode).toBe(429);
    expect((await bearer(b.secret, 'GET', '/api/me')).statusCode).toBe(200);
  });
});
