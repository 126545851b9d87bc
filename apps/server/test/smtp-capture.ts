import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

interface HeldMail {
  mail: CapturedMail;
  sessionId: string;
  accept: () => void;
}

/**
 * A real SMTP server on loopback that keeps every delivered message, parsed. Mail to an address
 * can be held: the sender waits for the answer to its DATA until the hold is released, and a
 * sender that went away meanwhile delivered nothing, as with a real server.
 */
export class SmtpCapture {
  readonly messages: CapturedMail[] = [];
  private waiters: { wanted: (mail: CapturedMail) => boolean; resolve: (mail: CapturedMail) => void }[] = [];
  private readonly heldAddresses = new Set<string>();
  private held: HeldMail[] = [];
  private readonly closedSessions = new Set<string>();
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((parsed) => {
          const mail = toCapturedMail(parsed);
          if (!this.heldAddresses.has(mail.to)) {
            this.store(mail);
            callback();
            return;
          }
          this.held.push({ mail, sessionId: session.id, accept: () => callback() });
        })
        .catch(callback);
    },
    onClose: (session) => {
      this.closedSessions.add(session.id);
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

  /** Holds mail to `to` from now on; `release` accepts what senders still wait on and lets later mail through. */
  hold(to: string): { heldCount: () => number; release: () => void } {
    const address = to.toLowerCase();
    this.heldAddresses.add(address);
    return {
      heldCount: () => this.held.filter((held) => held.mail.to === address).length,
      release: () => {
        this.heldAddresses.delete(address);
        const [released, kept] = partition(this.held, (held) => held.mail.to === address);
        this.held = kept;
        for (const held of released) {
          if (this.closedSessions.has(held.sessionId)) continue;
          this.store(held.mail);
          held.accept();
        }
      },
    };
  }

  private store(mail: CapturedMail): void {
    const waiter = this.waiters.findIndex((w) => w.wanted(mail));
    if (waiter >= 0) {
      const [found] = this.waiters.splice(waiter, 1);
      found?.resolve(mail);
    } else {
      this.messages.push(mail);
    }
  }
}

function toCapturedMail(parsed: ParsedMail): CapturedMail {
  const toField = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
  return {
    to: (toField?.value[0]?.address ?? '').toLowerCase(),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
  };
}

const partition = <Item>(items: Item[], inFirst: (item: Item) => boolean): [Item[], Item[]] => [
  items.filter(inFirst),
  items.filter((item) => !inFirst(item)),
];

/** Whether a mail is a sign-in code's (other mails, such as the notice of a new device, can arrive between). */
export const isSignInCodeMail = (mail: CapturedMail) => mail.subject.endsWith('is your Aurum sign-in code');

/** The 6-digit code in a sign-in mail. */
export function codeFromMail(mail: CapturedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in mail: ${mail.text}`);
  return match[1];
}
