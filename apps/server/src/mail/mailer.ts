import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Whether mail really leaves the server; without SMTP the dev outbox keeps it. */
  readonly delivers: boolean;
  close(): Promise<void>;
}

/** Sends over SMTP (`smtp://` or `smtps://`, credentials in the URL). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    delivers: true,
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * Development outbox: keeps each message as an .eml-like text file under the data dir and
 * logs it, so the app works end to end with no mail account.
 */
export function createOutboxMailer(outboxDir: string | null, logger: Logger): Mailer {
  return {
    delivers: false,
    async send(message) {
      if (outboxDir) {
        await mkdir(outboxDir, { recursive: true });
        const file = path.join(outboxDir, `${Date.now()}-${message.to.replace(/[^a-z0-9@._-]/gi, '_')}.txt`);
        await writeFile(file, `To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`);
      }
      logger.info({ to: message.to, subject: message.subject }, `dev outbox (no SMTP_URL): ${message.text.split('\n')[0]}`);
    },
    async close() {},
  };
}
