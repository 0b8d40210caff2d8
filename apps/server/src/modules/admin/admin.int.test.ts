import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser, testClientIp } from '../../../test/helpers';
import { adminService } from './service';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'admin', name: 'Root' });
});
afterAll(() => t.close());

const asAdmin = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: admin.cookie } });

describe('admin: users and roles', () => {
  it('lists users with search and role filter, newest first, paged', async () => {
    const a = await signUp(t, { name: 'Zelda Searchable' });
    await signUp(t, { name: 'Other', role: 'creator' });
    const found = (await asAdmin('GET', '/api/admin/users?q=zelda')).json();
    expect(found.items.map((u: { id: string }) => u.id)).toEqual([a.id]);
    expect(found.items[0]).toEqual({
      id: a.id,
      email: a.email,
      displayName: 'Zelda Searchable',
      avatarUrl: null,
      role: 'listener',
      createdAt: expect.any(String),
      suspendedAt: null,
    });
    const creators = (await asAdmin('GET', '/api/admin/users?role=creator')).json();
    expect(creators.items.every((u: { role: string }) => u.role === 'creator')).toBe(true);
    const page = (await asAdmin('GET', '/api/admin/users?limit=1')).json();
    expect(page.items).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.nextOffset).toBe(1);
    // LIKE wildcards are literal.
    expect((await asAdmin('GET', '/api/admin/users?q=%25')).json().items).toEqual([]);
  });

  it("changes anyone's role, which takes effect at once", async () => {
    const u = await signUp(t);
    for (const role of ['affiliate', 'advertiser', 'creator', 'admin', 'listener']) {
      const res = await asAdmin('PUT', `/api/admin/users/${u.id}/role`, { role });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.role).toBe(role);
      expect((await t.app.inject({ url: '/api/me', headers: { cookie: u.cookie } })).json().user.role).toBe(role);
    }
  });

  it('refuses unknown roles and users, and taking away its own admin role', async () => {
    const u = await signUp(t);
    expect((await asAdmin('PUT', `/api/admin/users/${u.id}/role`, { role: 'superuser' })).statusCode).toBe(400);
    expect((await asAdmin('PUT', '/api/admin/users/no-such-user/role', { role: 'creator' })).statusCode).toBe(404);
    const self = await asAdmin('PUT', `/api/admin/users/${admin.id}/role`, { role: 'listener' });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe('You cannot remove your own admin role');
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: admin.cookie } })).json().user.role).toBe('admin');
  });

  it('lets nobody else change roles', async () => {
    const creator = await signUp(t, { role: 'creator' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${creator.id}/role`,
      payload: { role: 'admin' },
      headers: { cookie: creator.cookie },
    });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: creator.cookie } })).json().user.role).toBe(
      'creator',
    );
  });

  it('grant (npm run admin -- grant <email>) makes an existing user an admin, any case of email', async () => {
    const u = await signUp(t);
    const granted = await adminService(t.ctx).grantAdmin(`  ${u.email.toUpperCase()} `);
    expect(granted?.userRole).toBe('admin');
    expect(await adminService(t.ctx).grantAdmin('nobody@test.local')).toBeUndefined();
  });
});

describe('admin: mail outbox', () => {
  it('shows the mails that went out, newest first, filterable by recipient', async () => {
    const u = await signUp(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: u.email },
      remoteAddress: testClientIp(),
    });
    await t.ctx.jobs.drain();
    const res = await asAdmin('GET', `/api/admin/mail?to=${encodeURIComponent(u.email)}`);
    expect(res.statusCode).toBe(200);
    const subjects = res.json().items.map((m: { subject: string }) => m.subject);
    expect(subjects).toEqual(['Reset your Wavecast password', 'Verify your Wavecast email address']);
    expect(res.json().items[0]).toMatchObject({ to: u.email, sentVia: 'outbox' });
    expect(res.json().items[0].text).toMatch(/\/reset-password\?token=/);
  });
});
