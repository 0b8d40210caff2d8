import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends mail through SMTP when SMTP_URL is set; otherwise keeps it in the local outbox
 * (readable by admins and tests) and prints it to the log. Every mail is recorded in the outbox.
 */
export class Mailer {
  private readonly transport?: Transporter;

  constructor(
    private readonly database: Database,
    private readonly opts: { smtpUrl?: string; from: string; log?: (line: string) => void },
  ) {
    if (opts.smtpUrl) this.transport = nodemailer.createTransport(opts.smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.opts.from, ...mail });
    } else {
      (this.opts.log ?? console.log)(`[mail outbox] to=${mail.to} subject="${mail.subject}"\n${mail.text}`);
    }
    await this.database.db.insert(mailOutbox).values({ ...mail, sentVia: this.transport ? 'smtp' : 'outbox' });
  }
}
