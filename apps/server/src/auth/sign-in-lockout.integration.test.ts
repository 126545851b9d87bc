import { SIGN_IN_CODE_MAX_ATTEMPTS, SIGN_IN_CODE_TTL_MS } from '@aurum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../test/content-fixtures.js';
import { type CapturedMail, codeFromMail, isSignInCodeMail } from '../../test/smtp-capture.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  // Behind one proxy, so each test client is told apart by the address the proxy saw.
  server = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await server?.close();
});

/** One client at its own network address (what the proxy in front says it saw). */
class Client extends ApiClient {
  constructor(ip: string) {
    super(server, server.baseUrl, { 'x-forwarded-for': ip });
  }

  async requestCode(email: string) {
    const response = await this.post('/api/auth/code', { email });
    expect(response.status).toBe(200);
    const mail = await server.smtp.nextMailTo(email, undefined, isSignInCodeMail);
    return { challengeId: response.body.challengeId as string, code: codeFromMail(mail), mail };
  }
}

/** The sign-in link of a mail, and the challenge and token in its fragment. */
function linkFromMail(mail: CapturedMail): { url: URL; challengeId: string; linkToken: string } {
  const found = /(\S+\/auth\/link#\S+)/.exec(mail.text)?.[1];
  if (!found) throw new Error(`no sign-in link in mail: ${mail.text}`);
  const url = new URL(found);
  const fragment = new URLSearchParams(url.hash.slice(1));
  return { url, challengeId: fragment.get('challenge') ?? '', linkToken: fragment.get('token') ?? '' };
}

let lastOctet = 0;
const newClient = () => new Client(`198.51.100.${++lastOctet}`);
const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe(`nobody can keep an address's owner from signing in (${TEST_DRIVER})`, () => {
  it('mails a link beside the code, whose challenge and token ride in the fragment, never sent to a server', async () => {
    const email = uniqueEmail('owner');
    const { challengeId, mail } = await newClient().requestCode(email);
    const link = linkFromMail(mail);
    expect(link.url.pathname).toBe('/auth/link');
    expect(link.url.search).toBe('');
    expect(link.challengeId).toBe(challengeId);
    expect(link.linkToken).toMatch(/^[\w-]{32}$/);
    expect(mail.html).toContain('/auth/link#');
  });

  it("keeps the owner's code valid while someone else asks for codes to the same address", async () => {
    const email = uniqueEmail('owner');
    const owner = newClient();
    const pending = await owner.requestCode(email);
    const attacker = newClient();
    for (let i = 0; i < 4; i++) await attacker.requestCode(email);
    const signedIn = await owner.post('/api/auth/session', { challengeId: pending.challengeId, code: pending.code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.email).toBe(email);
  });

  it('after twenty wrong codes refuses codes for the address, and the owner signs in with the mailed link', async () => {
    const email = uniqueEmail('owner');
    const attacker = newClient();
    for (let round = 0; round < 4; round++) {
      const { challengeId, code } = await attacker.requestCode(email);
      for (let i = 0; i < SIGN_IN_CODE_MAX_ATTEMPTS; i++)
        await attacker.post('/api/auth/session', { challengeId, code: wrongCodeFor(code) });
    }
    const owner = newClient();
    const { challengeId, code, mail } = await owner.requestCode(email);
    const refused = await owner.post('/api/auth/session', { challengeId, code });
    expect(refused.status).toBe(429);
    expect(refused.body.type).toBe('sign_in_address_locked');
    expect(refused.body.message).toMatch(/link in the latest e-mail/);
    expect(owner.cookie).toBeNull();

    const { linkToken } = linkFromMail(mail);
    const signedIn = await owner.post('/api/auth/session', { challengeId, linkToken });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.email).toBe(email);
    expect(owner.cookie).toMatch(/^aurum_session=/);
  });

  it('refuses a flood of code requests to one address past ten, and the owner signs in with the link of the latest mail', async () => {
    const email = uniqueEmail('owner');
    let latest: CapturedMail | undefined;
    for (let i = 0; i < 10; i++) latest = (await newClient().requestCode(email)).mail;
    const owner = newClient();
    const refused = await owner.post('/api/auth/code', { email });
    expect(refused.status).toBe(429);
    expect(refused.body.type).toBe('sign_in_code_requests_exceeded');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    const signedIn = await owner.post('/api/auth/session', linkFromMail(latest as CapturedMail));
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.email).toBe(email);
  });

  it('takes a link once, only until the code expires, and a wrong token locks nothing', async () => {
    const email = uniqueEmail('owner');
    const owner = newClient();
    const { mail } = await owner.requestCode(email);
    const { challengeId, linkToken } = linkFromMail(mail);
    const guesser = newClient();
    // Each differs from the token in one character, so none can be it by chance.
    const wrongToken = (at: number) => `${linkToken.slice(0, at)}${linkToken[at] === 'A' ? 'B' : 'A'}${linkToken.slice(at + 1)}`;
    for (let i = 0; i < SIGN_IN_CODE_MAX_ATTEMPTS + 1; i++) {
      const wrong = await guesser.post('/api/auth/session', { challengeId, linkToken: wrongToken(i) });
      expect(wrong.status).toBe(400);
      expect(wrong.body.type).toBe('sign_in_link_invalid');
    }
    expect((await owner.post('/api/auth/session', { challengeId, linkToken })).status).toBe(200);
    const again = await newClient().post('/api/auth/session', { challengeId, linkToken });
    expect(again.status).toBe(400);
    expect(again.body.type).toBe('sign_in_link_invalid');

    const late = linkFromMail((await owner.requestCode(email)).mail);
    server.advanceClock(SIGN_IN_CODE_TTL_MS + 1000);
    const expired = await owner.post('/api/auth/session', { challengeId: late.challengeId, linkToken: late.linkToken });
    expect(expired.body.type).toBe('sign_in_link_invalid');
  });

  it('refuses a malformed link token at the edge', async () => {
    const response = await newClient().post('/api/auth/session', { challengeId: 'challenge-1', linkToken: 'short' });
    expect(response.status).toBe(400);
    expect(response.body.type).toBe('validation_failed');
  });
});
