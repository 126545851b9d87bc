import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../test/content-fixtures.js';
import { codeFromMail, isSignInCodeMail } from '../../test/smtp-capture.js';
import { startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { DESKTOP_USER_AGENT as DESKTOP, PHONE_USER_AGENT as PHONE } from '../../test/user-agents.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A browser: its user agent, and every cookie the server set (the session and the device cookie). */
class Browser {
  readonly cookies = new Map<string, { value: string; attributes: string }>();
  constructor(private readonly userAgent: string) {}

  async post(path: string, body: unknown) {
    const response = await fetch(server.baseUrl + path, {
      method: path === '/api/auth/session' && body === null ? 'DELETE' : 'POST',
      headers: {
        ...(body === null ? {} : { 'content-type': 'application/json' }),
        origin: server.baseUrl,
        'user-agent': this.userAgent,
        cookie: [...this.cookies].map(([name, { value }]) => `${name}=${value}`).join('; '),
      },
      body: body === null ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value) this.cookies.set(name, { value, attributes: attributes.join(';') });
      else this.cookies.delete(name);
    }
    return response;
  }

  async signIn(email: string): Promise<void> {
    const requested = (await (await this.post('/api/auth/code', { email })).json()) as { challengeId: string };
    const code = codeFromMail(await server.smtp.nextMailTo(email, undefined, isSignInCodeMail));
    expect((await this.post('/api/auth/session', { challengeId: requested.challengeId, code })).status).toBe(200);
  }

  async signOut(): Promise<void> {
    await this.post('/api/auth/session', null);
  }
}

const noMailTo = (email: string) => expect(server.smtp.nextMailTo(email, 500)).rejects.toThrow(/no mail/);

describe(`sign-ins from a new device (${TEST_DRIVER})`, () => {
  it('are mailed to the member, naming the device and address, while sign-ins from a known device are not', async () => {
    const email = uniqueEmail('member');
    const phone = new Browser(PHONE);
    await phone.signIn(email);
    // The first device of a new account: nothing to compare with.
    await noMailTo(email);
    const device = phone.cookies.get('aurum_device');
    expect(device?.value).toMatch(/^[\w-]{32}$/);
    expect(device?.attributes).toMatch(/HttpOnly/i);
    expect(device?.attributes).toMatch(/Max-Age=31536000/i);

    await phone.signOut();
    expect(phone.cookies.has('aurum_session')).toBe(false);
    expect(phone.cookies.get('aurum_device')?.value).toBe(device?.value);
    await phone.signIn(email);
    await noMailTo(email);

    const desktop = new Browser(DESKTOP);
    await desktop.signIn(email);
    const notice = await server.smtp.nextMailTo(email);
    expect(notice.subject).toBe('New sign-in to your Aurum account');
    expect(notice.text).toContain('Firefox 132 on Windows 10, from 127.0.0.1');
    expect(notice.text).toMatch(/\/users\/[\w-]+\/personal-details/);

    // Now known too.
    await desktop.signOut();
    await desktop.signIn(email);
    await noMailTo(email);
  });

  it('treats a device cookie it did not make as no device cookie', async () => {
    const email = uniqueEmail('member');
    await new Browser(PHONE).signIn(email);
    const forged = new Browser(DESKTOP);
    forged.cookies.set('aurum_device', { value: 'not-a-device-token', attributes: '' });
    await forged.signIn(email);
    expect((await server.smtp.nextMailTo(email)).subject).toBe('New sign-in to your Aurum account');
    expect(forged.cookies.get('aurum_device')?.value).toMatch(/^[\w-]{32}$/);
  });
});
