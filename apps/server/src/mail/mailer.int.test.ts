import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { mailOutbox } from '../db/schema';
import { HIDDEN } from './hide-secrets';
import { Mailer } from './mailer';

/** What a real SMTP relay received: envelope and raw message. */
interface Received {
  from: string;
  to: string[];
  data: string;
}

/** The body of a single-part quoted-printable message, decoded. */
function quotedPrintableBody(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4).replace(/\r\n$/, '');
  return body
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}

// The SMTP path through nodemailer against a real SMTP server (no TLS, no auth: a local relay).
describe('Mailer over SMTP', () => {
  let t: TestApp;
  let server: SMTPServer;
  let port: number;
  const received: Received[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    server = new SMTPServer({
      authOptional: true,
      hideSTARTTLS: true,
      logger: false,
      onRcptTo(address, _session, cb) {
        cb(
          address.address.endsWith('@refused.test')
            ? Object.assign(new Error('no such user'), { responseCode: 550 })
            : undefined,
        );
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const envelope = session.envelope;
          received.push({
            from: envelope.mailFrom ? envelope.mailFrom.address : '',
            to: envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.close();
  });

  const mailer = () =>
    new Mailer(t.ctx.database, { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Wavecast <noreply@wavecast.test>' });

  it('hands the whole mail to the relay and records it with its secrets hidden', async () => {
    const token = 'tok-9f8e7d6c5b4a';
    await mailer().send({
      to: 'ada@example.test',
      subject: 'Reset your password',
      text: `Open https://wavecast.test/reset-password?token=${token} within an hour.`,
      secrets: [token],
    });

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail.from).toBe('noreply@wavecast.test');
    expect(mail.to).toEqual(['ada@example.test']);
    expect(mail.data).toMatch(/^Subject: Reset your password\r$/m);
    expect(mail.data).toMatch(/^To: ada@example\.test\r$/m);
    // The recipient gets the live token; only our own record hides it.
    expect(quotedPrintableBody(mail.data)).toBe(
      `Open https://wavecast.test/reset-password?token=${token} within an hour.`,
    );

    const rows = await t.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ada@example.test'));
    expect(rows).toHaveLength(1);
    expect(rows[0].sentVia).toBe('smtp');
    expect(rows[0].text).toBe(`Open https://wavecast.test/reset-password?token=${HIDDEN} within an hour.`);
  });

  it('fails the send when the relay refuses the recipient, and records nothing', async () => {
    const before = received.length;
    await expect(mailer().send({ to: 'nobody@refused.test', subject: 'Hi', text: 'Hello' })).rejects.toMatchObject({
      responseCode: 550,
    });
    expect(received).toHaveLength(before);
    const rows = await t.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nobody@refused.test'));
    expect(rows).toHaveLength(0);
  });
});
