import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

/**
 * Without SMTP_URL every mail becomes `${DATA_DIR}/outbox/<time>-<random>.json` with
 * `{to, subject, text}`: the developer (and the browser tests) read codes from there.
 */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;
  /** Keeps names in send order even within one millisecond. */
  #sent = 0;
  constructor(readonly dir: string) {}

  async send(mail: Mail): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const seq = String(++this.#sent).padStart(6, '0');
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${seq}-${randomBytes(4).toString('hex')}.json`;
    const tmp = path.join(this.dir, `.${name}.tmp`);
    // Written then renamed, so a reader never sees half a file.
    await writeFile(tmp, JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.text }, null, 2));
    await rename(tmp, path.join(this.dir, name));
  }

  async close(): Promise<void> {}
}

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  readonly #transport: nodemailer.Transporter;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.#transport = nodemailer.createTransport(url);
  }

  async send(mail: Mail): Promise<void> {
    await this.#transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
  }

  async close(): Promise<void> {
    this.#transport.close();
  }
}

export function createMailer(smtpUrl: string | undefined, from: string, dataDir: string): Mailer {
  return smtpUrl ? new SmtpMailer(smtpUrl, from) : new OutboxMailer(path.join(dataDir, 'outbox'));
}
