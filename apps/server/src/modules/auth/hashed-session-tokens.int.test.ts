import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { MIGRATIONS_DIR } from '../../db/client';
import { authSessions } from '../../db/schema';
import { hashSessionToken } from './hashed-session-tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The token part of the session cookie (the cookie is `<token>.<signature>`). */
const tokenOf = (cookie: string) =>
  decodeURIComponent(/better-auth\.session_token=([^;]+)/.exec(cookie)?.[1] ?? '').split('.')[0];

const rowsOf = (userId: string) => t.ctx.database.db.select().from(authSessions).where(eq(authSessions.userId, userId));

const me = async (u: Pick<TestUser, 'cookie'>) =>
  (await t.app.inject({ url: '/api/me', headers: { cookie: u.cookie } })).json().user as { id: string } | null;

describe('session tokens are stored hashed', () => {
  it('the table holds SHA-256 of the cookie token, never the token, and the cookie still signs in', async () => {
    const u = await signUp(t);
    const token = tokenOf(u.cookie);
    expect(token).toMatch(/^\w{32}$/);
    const [row] = await rowsOf(u.id);
    expect(row.token).toBe(hashSessionToken(token));
    expect(row.token).toMatch(/^[0-9a-f]{64}$/);
    const plain = await t.ctx.database.db.select().from(authSessions).where(eq(authSessions.token, token));
    expect(plain).toHaveLength(0);
    expect((await me(u))?.id).toBe(u.id);
  });

  it('refreshes a session found by its token (better-auth updates it by token) and keeps the same cookie token', async () => {
    const u = await signUp(t);
    const [before] = await rowsOf(u.id);
    // Two days old and close to expiry: the next use extends it (updateAge is one day).
    const old = new Date(Date.now() - 2 * 86_400_000);
    const soon = new Date(Date.now() + 3_600_000);
    await t.ctx.database.db
      .update(authSessions)
      .set({ updatedAt: old, expiresAt: soon })
      .where(eq(authSessions.id, before.id));
    const res = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: u.cookie } });
    expect(res.statusCode).toBe(200);
    const [after] = await rowsOf(u.id);
    expect(after.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(after.token).toBe(before.token);
    expect((await me(u))?.id).toBe(u.id);
  });

  it('sign-out deletes the session by its token', async () => {
    const u = await signUp(t);
    expect(await rowsOf(u.id)).toHaveLength(1);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: u.cookie, origin: t.ctx.config.PUBLIC_URL },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(await rowsOf(u.id)).toHaveLength(0);
    expect(await me(u)).toBeNull();
  });

  it('migration 0024 hashes the tokens stored before it: a user signed in then stays signed in', async () => {
    const u = await signUp(t);
    const token = tokenOf(u.cookie);
    // The row as it was before 0024: the plain token. Looked up by hash, it is not found...
    await t.ctx.database.db.update(authSessions).set({ token }).where(eq(authSessions.userId, u.id));
    expect(await me(u)).toBeNull();
    // ...until the migration converts it in place.
    const migration = await fs.readFile(path.join(MIGRATIONS_DIR, '0024_session_token_hashes.sql'), 'utf8');
    await t.ctx.database.db.execute(sql.raw(migration));
    const [row] = await rowsOf(u.id);
    expect(row.token).toBe(hashSessionToken(token));
    expect((await me(u))?.id).toBe(u.id);
  });
});
