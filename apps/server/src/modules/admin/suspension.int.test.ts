import { Readable } from 'node:stream';
import { ADMIN_MESSAGES } from '@wavecast/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, signUp, type TestApp, type TestUser, testClientIp } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';
import { auditLog, authSessions, liveStreams, users } from '../../db/schema';

let t: TestApp;
let admin: TestUser;
let wsUrl: string;

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  admin = await signUp(t, { role: 'admin', name: 'Root' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/ws`;
});
afterAll(() => t.close());

const as = (u: TestUser, method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: u.cookie } });
const auditOf = (targetId: string) => t.ctx.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
const signIn = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    remoteAddress: testClientIp(),
  });

describe('admin: suspend, restore, delete', () => {
  it('suspends: sessions end at once (401), sockets close, sign-in refused with the message, one audit entry', async () => {
    const u = await signUp(t, { role: 'creator' });
    const second = await signIn(u.email, u.password);
    expect(second.statusCode).toBe(200);
    const ws = new WebSocket(wsUrl, { headers: { cookie: u.cookie, origin: t.ctx.config.PUBLIC_URL } });
    await new Promise((r) => ws.once('open', r));
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));

    const res = await as(admin, 'POST', `/api/admin/users/${u.id}/suspend`);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.suspendedAt).toEqual(expect.any(String));
    expect(await closed).toBe(4401);
    expect((await as(u, 'GET', '/api/me/profile')).statusCode).toBe(401);
    const sessions = await t.ctx.database.db.select().from(authSessions).where(eq(authSessions.userId, u.id));
    expect(sessions).toEqual([]);

    const refused = await signIn(u.email, u.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message ?? refused.json().error?.message).toBe(ADMIN_MESSAGES.accountSuspended);

    const entries = await auditOf(u.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: admin.id, action: 'user.suspend', targetType: 'user' });
    // Twice: a conflict, and no second entry.
    expect((await as(admin, 'POST', `/api/admin/users/${u.id}/suspend`)).statusCode).toBe(409);
    expect(await auditOf(u.id)).toHaveLength(1);
  });

  it("hides a suspended owner's tracks and profile until restored", async () => {
    const u = await signUp(t, { role: 'creator', name: 'Hidden Creator' });
    const track = await seedTrack(t.ctx.database.db, u.id, { title: 'Suspendable Song', isPublic: true });
    const anon = (url: string) => t.app.inject({ url });
    await t.ctx.storage.put(`audio/${u.id}/${track}.mp3`, Readable.from([Buffer.alloc(1000, 1)]));
    const [stream] = await t.ctx.database.db
      .insert(liveStreams)
      .values({ userId: u.id, title: 'Suspendable Show', category: 'Music', isActive: true })
      .returning();
    const liveIds = async () => (await anon('/api/live')).json().items.map((s: { id: string }) => s.id);
    expect(await liveIds()).toContain(stream.id);
    expect((await anon(`/api/live/${stream.id}`)).statusCode).toBe(200);
    expect((await anon(`/api/tracks/${track}`)).statusCode).toBe(200);
    expect((await anon(`/api/profiles/${u.id}`)).statusCode).toBe(200);
    expect((await anon(`/api/tracks/${track}/stream`)).statusCode).toBe(200);
    expect(JSON.stringify((await anon('/api/search?q=Suspendable')).json())).toContain(track);
    expect(JSON.stringify((await anon('/api/search?q=Hidden%20Creator')).json())).toContain(u.id);

    await as(admin, 'POST', `/api/admin/users/${u.id}/suspend`);
    expect((await anon(`/api/tracks/${track}`)).statusCode).toBe(404);
    // Delivery's own track cache carries the same facts: the event dropped them, no wait for its TTL.
    expect((await anon(`/api/tracks/${track}/stream`)).statusCode).toBe(404);
    expect((await anon(`/api/profiles/${u.id}`)).statusCode).toBe(404);
    expect(await liveIds()).not.toContain(stream.id);
    expect((await anon(`/api/live/${stream.id}`)).statusCode).toBe(404);
    const search = (await anon('/api/search?q=Suspendable')).json();
    expect(JSON.stringify(search)).not.toContain(track);
    const people = (await anon('/api/search?q=Hidden%20Creator')).json();
    expect(JSON.stringify(people)).not.toContain(u.id);
    // Comments and likes go through the same rule.
    expect((await as(admin, 'GET', `/api/tracks/${track}/comments`)).statusCode).toBe(404);

    const restored = await as(admin, 'POST', `/api/admin/users/${u.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().user.suspendedAt).toBeNull();
    expect((await anon(`/api/tracks/${track}`)).statusCode).toBe(200);
    expect((await anon(`/api/profiles/${u.id}`)).statusCode).toBe(200);
    expect((await signIn(u.email, u.password)).statusCode).toBe(200);
    expect((await auditOf(u.id)).map((e) => e.action).sort()).toEqual(['user.restore', 'user.suspend']);
    expect((await as(admin, 'POST', `/api/admin/users/${u.id}/restore`)).statusCode).toBe(409);
  });

  it('filters users by status', async () => {
    const u = await signUp(t, { name: 'Status Filter' });
    await as(admin, 'POST', `/api/admin/users/${u.id}/suspend`);
    const suspended = (await as(admin, 'GET', '/api/admin/users?status=suspended&q=Status%20Filter')).json();
    expect(suspended.items.map((x: { id: string }) => x.id)).toEqual([u.id]);
    const active = (await as(admin, 'GET', '/api/admin/users?status=active&q=Status%20Filter')).json();
    expect(active.items).toEqual([]);
    expect((await as(admin, 'GET', '/api/admin/users?status=banned')).statusCode).toBe(400);
  });

  it('deletes an account with one audit entry', async () => {
    const u = await signUp(t);
    const res = await as(admin, 'DELETE', `/api/admin/users/${u.id}`);
    expect(res.statusCode).toBe(200);
    expect(await t.ctx.database.db.select().from(users).where(eq(users.id, u.id))).toEqual([]);
    expect((await as(u, 'GET', '/api/me/profile')).statusCode).toBe(401);
    const entries = await auditOf(u.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'user.delete', actorId: admin.id });
    expect((await as(admin, 'DELETE', `/api/admin/users/${u.id}`)).statusCode).toBe(404);
  });

  it('refuses suspending or deleting oneself, unknown users, and non-admins', async () => {
    expect((await as(admin, 'POST', `/api/admin/users/${admin.id}/suspend`)).statusCode).toBe(400);
    expect((await as(admin, 'DELETE', `/api/admin/users/${admin.id}`)).statusCode).toBe(400);
    expect((await as(admin, 'POST', '/api/admin/users/nobody/suspend')).statusCode).toBe(404);
    const creator = await signUp(t, { role: 'creator' });
    const victim = await signUp(t);
    for (const [method, url] of [
      ['POST', `/api/admin/users/${victim.id}/suspend`],
      ['POST', `/api/admin/users/${victim.id}/restore`],
      ['DELETE', `/api/admin/users/${victim.id}`],
    ] as const) {
      expect((await as(creator, method, url)).statusCode).toBe(403);
    }
    expect((await as(victim, 'GET', '/api/me/profile')).statusCode).toBe(200);
  });

  it('needs a recent sign-in (step-up) and changes nothing without it', async () => {
    const other = await signUp(t, { role: 'admin' });
    const u = await signUp(t);
    await t.app.inject({ method: 'POST', url: '/api/test/clock', payload: { advanceMs: 16 * 60_000 } });
    const res = await as(other, 'POST', `/api/admin/users/${u.id}/suspend`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('STEP_UP_REQUIRED');
    const [row] = await t.ctx.database.db
      .select()
      .from(users)
      .where(and(eq(users.id, u.id)));
    expect(row.suspendedAt).toBeNull();
    expect(await auditOf(u.id)).toEqual([]);
    expect((await as(other, 'POST', '/api/admin/step-up', { password: other.password })).statusCode).toBe(200);
    expect((await as(other, 'POST', `/api/admin/users/${u.id}/suspend`)).statusCode).toBe(200);
  });
});
