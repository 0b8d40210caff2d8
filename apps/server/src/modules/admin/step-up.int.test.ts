import { ADMIN_MESSAGES, STEP_UP_MINUTES } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';

// Every sensitive admin action is refused once the admin's step-up has run out, whichever route
// reaches it (the guard decides, from the route's declared `stepUp`), and is audited once done.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: TestUser, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

const expire = () => t.ctx.clock.advance((STEP_UP_MINUTES + 1) * 60_000);
const stepUp = (admin: TestUser) => call(admin, 'POST', '/api/admin/step-up', { password: admin.password });
const refusedForStepUp = (res: { statusCode: number; json(): { error: unknown } }) => {
  expect(res.statusCode).toBe(403);
  expect(res.json().error).toEqual({ code: 'STEP_UP_REQUIRED', message: ADMIN_MESSAGES.stepUpRequired });
};

async function auditOf(targetId: string) {
  return t.ctx.database.query<{ action: string; actor_id: string | null }>(
    `SELECT action, actor_id FROM audit_log WHERE target_id = $1 ORDER BY at, id`,
    [targetId],
  );
}

async function roleOf(id: string): Promise<string> {
  const rows = await t.ctx.database.query<{ user_role: string }>(`SELECT user_role FROM users WHERE id = $1`, [id]);
  return rows[0]?.user_role ?? '';
}

describe('step-up on every sensitive admin action', () => {
  it('an expired step-up refuses each of them, before anything changes', async () => {
    const admin = await signUp(t, { role: 'admin' });
    const u = await signUp(t);
    const id = '00000000-0000-4000-8000-000000000000';
    expire();
    const attempts: [Method, string, object?][] = [
      ['PUT', `/api/admin/users/${u.id}/role`, { role: 'creator' }],
      ['PUT', `/api/admin/users/${u.id}/plan`, { planId: 'premium' }],
      ['POST', `/api/admin/users/${u.id}/suspend`],
      ['POST', `/api/admin/users/${u.id}/restore`],
      ['DELETE', `/api/admin/users/${u.id}`],
      ['POST', `/api/admin/applications/${id}/decision`, { approve: true }],
      ['POST', `/api/admin/affiliate-payouts/${id}/paid`, { reference: 'TX-1' }],
      ['POST', `/api/admin/affiliate-payouts/${id}/failed`, {}],
      ['POST', `/api/admin/ads/advertisers/${u.id}/credit`, { amountCents: 500, note: 'goodwill' }],
      ['POST', `/api/admin/reports/${id}/suspend`],
    ];
    for (const [method, url, body] of attempts) refusedForStepUp(await call(admin, method, url, body));
    expect(await roleOf(u.id)).toBe('listener');
    expect(await auditOf(u.id)).toEqual([]);
    // What changes no role or money needs none: refusing an application, dismissing a report.
    expect((await call(admin, 'POST', `/api/admin/applications/${id}/decision`, { approve: false })).statusCode).toBe(
      404,
    );
    expect((await call(admin, 'POST', `/api/admin/reports/${id}/dismiss`)).statusCode).toBe(404);
  });

  it('approving an application: refused after the window, done and audited (with the admin) after step-up', async () => {
    const admin = await signUp(t, { role: 'admin' });
    const u = await signUp(t);
    const applied = await call(u, 'POST', '/api/applications', {
      role: 'affiliate',
      details: { website: 'https://example.org/blog', audience: '12k readers', promotion: 'Weekly picks' },
    });
    expect(applied.statusCode).toBe(201);
    const appId = applied.json().application.id as string;
    expire();
    refusedForStepUp(await call(admin, 'POST', `/api/admin/applications/${appId}/decision`, { approve: true }));
    expect(await roleOf(u.id)).toBe('listener');
    expect(await auditOf(appId)).toEqual([]);

    expect((await stepUp(admin)).statusCode).toBe(200);
    const approved = await call(admin, 'POST', `/api/admin/applications/${appId}/decision`, { approve: true });
    expect(approved.statusCode).toBe(200);
    expect(await roleOf(u.id)).toBe('affiliate');
    expect(await auditOf(appId)).toEqual([{ action: 'application.approve', actor_id: admin.id }]);
    expect(await auditOf(u.id)).toEqual([{ action: 'user.role', actor_id: admin.id }]);
  });

  it('granting a plan needs step-up, and the grant and its revocation are audited with the admin', async () => {
    const admin = await signUp(t, { role: 'admin' });
    const u = await signUp(t);
    expire();
    refusedForStepUp(await call(admin, 'PUT', `/api/admin/users/${u.id}/plan`, { planId: 'premium' }));
    expect(await auditOf(u.id)).toEqual([]);

    expect((await stepUp(admin)).statusCode).toBe(200);
    const granted = await call(admin, 'PUT', `/api/admin/users/${u.id}/plan`, { planId: 'premium' });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().plan.id).toBe('premium');
    const revoked = await call(admin, 'PUT', `/api/admin/users/${u.id}/plan`, { planId: null });
    expect(revoked.statusCode).toBe(200);
    expect(await auditOf(u.id)).toEqual([
      { action: 'plan.grant', actor_id: admin.id },
      { action: 'plan.revoke', actor_id: admin.id },
    ]);
    const rows = await t.ctx.database.query<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM audit_log WHERE target_id = $1 AND action = 'plan.grant'`,
      [u.id],
    );
    expect(rows[0]).toMatchObject({
      before: { planId: null, status: null },
      after: { planId: 'premium', status: 'active', source: 'admin' },
    });
  });
});
