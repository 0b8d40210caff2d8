import { AUTH_MESSAGES } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, droppedMails, signUp, type TestApp, testClientIp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://wavecast.test:8080' });
});
afterAll(() => t.close());

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: cookie ? { cookie } : {},
    remoteAddress: testClientIp(),
  });

async function outbox(to: string) {
  await t.ctx.jobs.drain();
  return t.ctx.database.query<{ subject: string; text: string; html: string }>(
    `SELECT subject, text, html FROM mail_outbox WHERE "to" = $1 ORDER BY created_at`,
    [to],
  );
}

describe('forgot and reset password', () => {
  it('mails a reset link to the web app; the new password works, the old one and old sessions stop', async () => {
    const u = await signUp(t);
    const asked = await post('/api/auth/request-password-reset', { email: u.email, redirectTo: '/reset-password' });
    expect(asked.statusCode).toBe(200);

    // The whole mail, as the recipient gets it (the outbox admins read hides the token).
    const mails = (await droppedMails(t, u.email)).filter((m) => m.subject.startsWith('Reset'));
    expect(mails).toHaveLength(1);
    const link = /(http\S+)/.exec(mails[0].text)?.[1] as string;
    const url = new URL(link);
    expect(url.origin).toBe('http://wavecast.test:8080');
    expect(url.pathname).toBe('/reset-password');
    const token = url.searchParams.get('token') as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{16,}$/);

    const check = await t.app.inject({ url: `/api/account/password-reset/${token}` });
    expect(check.json()).toEqual({ valid: true });

    const reset = await post('/api/auth/reset-password', { token, newPassword: 'a-brand-new-secret' });
    expect(reset.statusCode).toBe(200);

    const oldPassword = await post('/api/auth/sign-in/email', { email: u.email, password: u.password });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await post('/api/auth/sign-in/email', { email: u.email, password: 'a-brand-new-secret' });
    expect(newPassword.statusCode).toBe(200);
    const oldSession = await t.app.inject({ url: '/api/me', headers: { cookie: u.cookie } });
    expect(oldSession.json().user).toBeNull();

    // A token works once.
    const again = await post('/api/auth/reset-password', { token, newPassword: 'yet-another-secret' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(AUTH_MESSAGES.invalidResetToken);
    expect((await t.app.inject({ url: `/api/account/password-reset/${token}` })).json()).toEqual({ valid: false });
  });

  it('answers an unknown email exactly like a known one, and mails nobody', async () => {
    const u = await signUp(t);
    const known = await post('/api/auth/request-password-reset', { email: u.email, redirectTo: '/reset-password' });
    const unknown = await post('/api/auth/request-password-reset', {
      email: 'nobody-here@test.local',
      redirectTo: '/reset-password',
    });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await outbox('nobody-here@test.local')).toHaveLength(0);
    expect(await droppedMails(t, 'nobody-here@test.local')).toHaveLength(0);
  });

  it('refuses a made-up token, and a common new password', async () => {
    const bad = await post('/api/auth/reset-password', { token: 'made-up-token', newPassword: 'a-brand-new-secret' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(AUTH_MESSAGES.invalidResetToken);
    expect((await t.app.inject({ url: '/api/account/password-reset/made-up-token' })).json()).toEqual({ valid: false });

    const u = await signUp(t);
    await post('/api/auth/request-password-reset', { email: u.email, redirectTo: '/reset-password' });
    const text = (await droppedMails(t, u.email)).at(-1)?.text as string;
    const token = new URL(/(http\S+)/.exec(text)?.[1] as string).searchParams.get('token') as string;
    const common = await post('/api/auth/reset-password', { token, newPassword: 'football' });
    expect(common.json().error.message).toBe(AUTH_MESSAGES.commonPassword);
    // The token is still good after a refused password.
    expect((await t.app.inject({ url: `/api/account/password-reset/${token}` })).json()).toEqual({ valid: true });
  });

  it('change password in settings ends other sessions and keeps this one', async () => {
    const u = await signUp(t);
    const other = await post('/api/auth/sign-in/email', { email: u.email, password: u.password });
    const otherCookie = ([] as string[])
      .concat(other.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: { cookie: u.cookie },
      payload: { currentPassword: u.password, newPassword: 'changed-secret-1', confirmPassword: 'changed-secret-1' },
    });
    expect(res.statusCode).toBe(200);
    const fresh = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(fresh).toMatch(/better-auth\.session_token=/);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: fresh } })).json().user.id).toBe(u.id);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: otherCookie } })).json().user).toBeNull();
    const signIn = await post('/api/auth/sign-in/email', { email: u.email, password: 'changed-secret-1' });
    expect(signIn.statusCode).toBe(200);
  });
});
