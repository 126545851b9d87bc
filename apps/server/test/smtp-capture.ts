import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server on loopback that keeps every delivered message, parsed. */
export class SmtpCapture {
  readonly messages: CapturedMail[] = [];
  private waiters: { wanted: (mail: CapturedMail) => boolean; resolve: (mail: CapturedMail) => void }[] = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, callback) => {
      simpleParser(stream)
        .then((parsed) => {
          this.store(parsed);
          callback();
        })
        .catch(callback);
    },
  });
  port = 0;

  /** Listens on loopback (any free port unless one is given) and returns the SMTP URL. */
  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    const address = this.server.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /**
   * The next message to `to` not yet taken (of those `matching`, when given: others stay for
   * whoever asks for them), waiting for it to arrive.
   */
  async nextMailTo(to: string, timeoutMs = 5000, matching: (mail: CapturedMail) => boolean = () => true): Promise<CapturedMail> {
    const wanted = (mail: CapturedMail) => mail.to === to.toLowerCase() && matching(mail);
    const index = this.messages.findIndex(wanted);
    if (index >= 0) return this.messages.splice(index, 1)[0] as CapturedMail;
    return new Promise((resolve, reject) => {
      const waiter = {
        wanted,
        resolve: (mail: CapturedMail) => {
          clearTimeout(timer);
          resolve(mail);
        },
      };
      // A waiter that gave up leaves, or it would take the next mail to the address from whoever asks next.
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  private store(parsed: ParsedMail): void {
    const toField = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
    const mail: CapturedMail = {
      to: (toField?.value[0]?.address ?? '').toLowerCase(),
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : '',
    };
    const waiter = this.waiters.findIndex((w) => w.wanted(mail));
    if (waiter >= 0) {
      const [found] = this.waiters.splice(waiter, 1);
      found?.resolve(mail);
    } else {
      this.messages.push(mail);
    }
  }
}

/** Whether a mail is a sign-in code's (other mails, such as the notice of a new device, can arrive between). */
export const isSignInCodeMail = (mail: CapturedMail) => mail.subject.endsWith('is your Aurum sign-in code');

/** The 6-digit code in a sign-in mail. */
export function codeFromMail(mail: CapturedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in mail: ${mail.text}`);
  return match[1];
}
