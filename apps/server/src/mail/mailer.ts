import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { hideSecrets } from './hide-secrets';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Live one-time tokens in the mail (reset and sign-in links): only the recipient reads them. */
  secrets?: string[];
}

/**
 * Sends mail through SMTP when SMTP_URL is set; otherwise writes it whole to a file in `dropDir`
 * (DATA_DIR/mail, readable only by the server's own user, who can read the database anyway), so
 * a machine without a relay can still reset passwords. Every mail is also recorded in the
 * outbox that admins read and printed to the log when not sent: both with its secrets hidden,
 * since an admin or a log reader must not be able to take over an account with them.
 */
export class Mailer {
  private readonly transport?: Transporter;

  constructor(
    private readonly database: Database,
    private readonly opts: { smtpUrl?: string; from: string; dropDir?: string; log?: (line: string) => void },
  ) {
    if (opts.smtpUrl) this.transport = nodemailer.createTransport(opts.smtpUrl);
  }

  async send({ secrets = [], ...mail }: Mail): Promise<void> {
    const shown = hideSecrets(mail, secrets);
    if (this.transport) {
      await this.transport.sendMail({ from: this.opts.from, ...mail });
    } else {
      const file = this.opts.dropDir ? await this.drop(mail) : null;
      const where = file ? ` (whole mail in ${file})` : '';
      (this.opts.log ?? console.log)(`[mail outbox] to=${shown.to} subject="${shown.subject}"${where}\n${shown.text}`);
    }
    await this.database.db.insert(mailOutbox).values({ ...shown, sentVia: this.transport ? 'smtp' : 'outbox' });
  }

  /** Writes the mail as it would have gone out, owner-only; returns the file's path. */
  private async drop(mail: Omit<Mail, 'secrets'>): Promise<string> {
    const dir = this.opts.dropDir as string;
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const file = path.join(dir, `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID().slice(0, 8)}.txt`);
    const body = [`To: ${mail.to}`, `Subject: ${mail.subject}`, '', mail.text, ''].join('\n');
    await fs.writeFile(file, body, { mode: 0o600 });
    return file;
  }
}
