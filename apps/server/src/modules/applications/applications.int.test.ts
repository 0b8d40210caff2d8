import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  admin = await signUp(t, { role: 'admin', name: 'Root' });
});
afterAll(() => t.close());

const call = (who: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

const affiliate = {
  role: 'affiliate',
  details: { website: 'https://example.org/blog', audience: '12k newsletter readers', promotion: 'Weekly picks' },
};

const auditOf = async (targetId: string) =>
  t.ctx.database.query<{ action: string; actor_id: string; before: unknown; after: unknown }>(
    'SELECT action, actor_id, before, after FROM audit_log WHERE target_id = $1 ORDER BY at, action',
    [targetId],
  );

describe('role applications', () => {
  it('an approved application grants the role at once and leaves one audit entry per change', async () => {
    const u = await signUp(t);
    const sent = await call(u, 'POST', '/api/applications', affiliate);
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toBe('Application sent. An admin will review it shortly.');
    const id = sent.json().application.id;
    // One open application per role.
    const again = await call(u, 'POST', '/api/applications', affiliate);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You already have an application waiting for review.');

    const queue = (await call(admin, 'GET', '/api/admin/applications')).json().items;
    expect(queue.map((a: { id: string }) => a.id)).toContain(id);

    const ok = await call(admin, 'POST', `/api/admin/applications/${id}/decision`, { approve: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().application).toMatchObject({ status: 'approved', user: { role: 'affiliate' } });
    // The same session, no new sign-in.
    expect((await call(u, 'GET', '/api/me')).json().user.role).toBe('affiliate');
    // Decided once: a second decision is a conflict and changes nothing.
    const twice = await call(admin, 'POST', `/api/admin/applications/${id}/decision`, { approve: false });
    expect(twice.statusCode).toBe(409);
    expect(await auditOf(id)).toEqual([
      {
        action: 'application.approve',
        actor_id: admin.id,
        before: { status: 'pending' },
        after: { status: 'approved', role: 'affiliate', userId: u.id, note: null },
      },
    ]);
    expect(await auditOf(u.id)).toEqual([
      { action: 'user.role', actor_id: admin.id, before: { role: 'listener' }, after: { role: 'affiliate' } },
    ]);
    // Already that role: nothing to apply for.
    expect((await call(u, 'POST', '/api/applications', affiliate)).statusCode).toBe(409);
  });

  it('a refusal keeps the role and records the reason', async () => {
    const u = await signUp(t, { role: 'creator' });
    const id = (
      await call(u, 'POST', '/api/applications', {
        role: 'advertiser',
        details: { company: 'Acme Audio', website: 'https://acme.test', billingEmail: 'ap@acme.test' },
      })
    ).json().application.id;
    const res = await call(admin, 'POST', `/api/admin/applications/${id}/decision`, {
      approve: false,
      note: 'No site',
    });
    expect(res.json().application).toMatchObject({ status: 'refused', note: 'No site', user: { role: 'creator' } });
    expect((await call(u, 'GET', '/api/applications/mine')).json().items[0]).toMatchObject({
      status: 'refused',
      note: 'No site',
    });
    expect((await auditOf(id)).map((e) => e.action)).toEqual(['application.refuse']);
  });

  it('refuses bad input, strangers and non-admins', async () => {
    const u = await signUp(t);
    const bad = [
      { role: 'admin', details: affiliate.details },
      { role: 'affiliate', details: { ...affiliate.details, website: 'javascript:alert(1)' } },
      { role: 'affiliate', details: { ...affiliate.details, audience: 'a\0b' } },
      { role: 'affiliate', details: { ...affiliate.details, promotion: 'x'.repeat(1001) } },
      { role: 'advertiser', details: { company: 'A', website: 'https://a.test', billingEmail: 'nope' } },
    ];
    for (const body of bad) expect((await call(u, 'POST', '/api/applications', body)).statusCode).toBe(400);
    expect((await call(null, 'POST', '/api/applications', affiliate)).statusCode).toBe(401);
    expect((await call(u, 'GET', '/api/admin/applications')).statusCode).toBe(403);
    const id = (await call(u, 'POST', '/api/applications', affiliate)).json().application.id;
    expect((await call(u, 'POST', `/api/admin/applications/${id}/decision`, { approve: true })).statusCode).toBe(403);
    expect(
      (
        await call(admin, 'POST', '/api/admin/applications/00000000-0000-0000-0000-000000000000/decision', {
          approve: true,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(admin, 'POST', '/api/admin/applications/not-a-uuid/decision', { approve: true })).statusCode,
    ).toBe(400);
    expect((await call(u, 'GET', '/api/me')).json().user.role).toBe('listener');
  });
});

describe('the audit log', () => {
  it('refuses UPDATE and DELETE at the database', async () => {
    const q = (text: string) => t.ctx.database.query(text);
    await q(`INSERT INTO audit_log (action, target_type, at) VALUES ('test.entry', 'test', now())`);
    await expect(q(`UPDATE audit_log SET action = 'x' WHERE action = 'test.entry'`)).rejects.toThrow(/append-only/);
    await expect(q(`DELETE FROM audit_log WHERE action = 'test.entry'`)).rejects.toThrow(/append-only/);
  });
});

describe('step-up', () => {
  const moveClock = (ms: number) =>
    t.app.inject({ method: 'POST', url: '/api/test/clock', payload: { advanceMs: ms } });

  it('a role change needs a sign-in or a password confirmed in the last 15 minutes', async () => {
    const root = await signUp(t, { role: 'admin' });
    const u = await signUp(t);
    const state = (await call(root, 'GET', '/api/admin/step-up')).json();
    expect(Date.parse(state.until)).toBeGreaterThan(Date.now());
    await moveClock(16 * 60_000);
    expect((await call(root, 'GET', '/api/admin/step-up')).json().until).toBeNull();
    const refused = await call(root, 'PUT', `/api/admin/users/${u.id}/role`, { role: 'creator' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'STEP_UP_REQUIRED', message: 'Confirm your password to continue.' });
    expect(await auditOf(u.id)).toEqual([]);

    const wrong = await call(root, 'POST', '/api/admin/step-up', { password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('That password is not correct.');
    const ok = await call(root, 'POST', '/api/admin/step-up', { password: root.password });
    expect(ok.statusCode).toBe(200);
    expect((await call(root, 'PUT', `/api/admin/users/${u.id}/role`, { role: 'creator' })).statusCode).toBe(200);
    expect((await auditOf(u.id)).map((e) => e.action)).toEqual(['user.role']);
    await moveClock(16 * 60_000);
    expect((await call(root, 'PUT', `/api/admin/users/${u.id}/role`, { role: 'listener' })).statusCode).toBe(403);
    // Only admins step up.
    expect((await call(u, 'POST', '/api/admin/step-up', { password: u.password })).statusCode).toBe(403);
  });
});
