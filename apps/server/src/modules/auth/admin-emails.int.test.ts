import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, droppedMails, signUp, type TestApp } from '../../../test/helpers';

// ADMIN_EMAILS names addresses; anyone can sign up with any address, so the role waits until the
// address is verified (the link in the verification mail).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'Boss@Example.com' });
});
afterAll(() => t.close());

const roleOf = async (cookie: string) =>
  (await t.app.inject({ url: '/api/me', headers: { cookie } })).json().user.role as string;

describe('ADMIN_EMAILS', () => {
  it('an unverified listed address is no admin; it becomes one when verified, audited, at once', async () => {
    const boss = await signUp(t, { email: 'boss@example.com' });
    expect(await roleOf(boss.cookie)).toBe('listener');
    expect((await t.app.inject({ url: '/api/admin/users', headers: { cookie: boss.cookie } })).statusCode).toBe(403);

    const [mail] = await droppedMails(t, 'boss@example.com');
    const link = new URL(/(http\S+verify-email\S+)/.exec(mail.text)?.[1] as string);
    expect((await t.app.inject({ url: link.pathname + link.search })).statusCode).toBe(302);

    // The session it already had is an admin's now, without signing in again.
    expect(await roleOf(boss.cookie)).toBe('admin');
    const audit = await t.ctx.database.query<{ action: string; actor_id: string | null; after: unknown }>(
      `SELECT action, actor_id, after FROM audit_log WHERE target_id = $1`,
      [boss.id],
    );
    expect(audit).toEqual([{ action: 'user.role', actor_id: null, after: { role: 'admin', by: 'ADMIN_EMAILS' } }]);
  });

  it('an address not listed stays as it signed up after verification', async () => {
    const u = await signUp(t, { email: 'someone@example.com' });
    const [mail] = await droppedMails(t, 'someone@example.com');
    const link = new URL(/(http\S+verify-email\S+)/.exec(mail.text)?.[1] as string);
    await t.app.inject({ url: link.pathname + link.search });
    expect(await roleOf(u.cookie)).toBe('listener');
  });
});
