import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, droppedMails, signUp, type TestApp, testClientIp } from '../../../test/helpers';
import { Mailer } from '../../mail/mailer';

// Live reset and verification tokens reach only the recipient: not the admin outbox, not the
// mailer's log lines, not the access log. The log stream and the mailer's log are captured.

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info', PUBLIC_URL: 'http://wavecast.test' },
    { logStream: { write: (line) => void lines.push(line) } },
  );
  t.ctx.mail = new Mailer(t.ctx.database, {
    from: t.ctx.config.MAIL_FROM,
    dropDir: `${t.dataDir}/mail`,
    log: (line) => lines.push(line),
  });
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: testClientIp() });

/** The tokens of the links in the user's mails (as the recipient gets them). */
async function tokensMailedTo(email: string) {
  const mails = await droppedMails(t, email);
  return mails.flatMap((m) =>
    [...m.text.matchAll(/https?:\/\/\S+/g)].map((l) => new URL(l[0]).searchParams.get('token')),
  );
}

describe('live tokens are not readable by admins or in logs', () => {
  it('the outbox, the mail log and the access log carry no reset or verification token', async () => {
    const admin = await signUp(t, { role: 'admin' });
    const u = await signUp(t);
    expect((await post('/api/auth/request-password-reset', { email: u.email })).statusCode).toBe(200);
    const [verifyToken, resetToken] = (await tokensMailedTo(u.email)) as string[];
    expect(resetToken).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(verifyToken?.length).toBeGreaterThan(16);

    // The reset screen's check and the links themselves, as a browser would open them.
    expect((await t.app.inject({ url: `/api/account/password-reset/${resetToken}` })).json()).toEqual({
      valid: true,
    });
    await t.app.inject({ url: `/reset-password?token=${resetToken}` });
    await t.app.inject({ url: `/api/auth/verify-email?token=${verifyToken}&callbackURL=/` });

    const outbox = await t.app.inject({
      url: `/api/admin/mail?to=${encodeURIComponent(u.email)}`,
      headers: { cookie: admin.cookie },
    });
    expect(outbox.statusCode).toBe(200);
    const items = outbox.json().items as { subject: string; text: string }[];
    expect(items.map((m) => m.subject).sort()).toEqual([
      'Reset your Wavecast password',
      'Verify your Wavecast email address',
    ]);
    expect(items.find((m) => m.subject.startsWith('Reset'))?.text).toContain('/reset-password?token=[hidden]');
    const stored = await t.ctx.database.query<{ text: string; html: string }>(
      'SELECT text, html FROM mail_outbox WHERE "to" = $1',
      [u.email],
    );

    const log = lines.join('\n');
    expect(log).toContain('/api/account/password-reset/[redacted]');
    expect(log).toContain('[mail outbox]');
    for (const token of [resetToken, verifyToken]) {
      expect(outbox.body).not.toContain(token);
      expect(JSON.stringify(stored)).not.toContain(token);
      expect(log).not.toContain(token);
    }

    // The recipient's link still works.
    const reset = await post('/api/auth/reset-password', { token: resetToken, newPassword: 'a-brand-new-secret' });
    expect(reset.statusCode).toBe(200);
  });
});
