import { DAY_MS, SIGN_IN_CODE_MAX_ATTEMPTS, SIGN_IN_CODE_TTL_MS } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { uniqueEmail } from '../../test/content-fixtures.js';
import { codeFromMail, isSignInCodeMail } from '../../test/smtp-capture.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { signInCodes, users } from '../db/schema.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'boss@example.com' });
});
afterAll(async () => {
  await server?.close();
});

async function requestCode(client: ApiClient, email: string) {
  const response = await client.post('/api/auth/code', { email });
  expect(response.status).toBe(200);
  const mail = await server.smtp.nextMailTo(email, undefined, isSignInCodeMail);
  return { challengeId: response.body.challengeId as string, code: codeFromMail(mail), mail };
}

const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe(`sign-in by e-mail code (${TEST_DRIVER})`, () => {
  it('mails a 6-digit code over SMTP in a text and HTML message', async () => {
    const email = uniqueEmail('user');
    const { code, mail } = await requestCode(new ApiClient(server), email);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.subject).toContain(code);
    expect(mail.html).toContain(code);
  });

  it('answers a code request identically for new, known and disabled addresses', async () => {
    const known = uniqueEmail('user');
    const client = new ApiClient(server);
    await client.signIn(known);
    const disabled = uniqueEmail('user');
    const disabledClient = new ApiClient(server);
    await disabledClient.signIn(disabled);
    await disabledClient.delete('/api/me');

    const answers = await Promise.all(
      [uniqueEmail('user'), known, disabled].map((email) => new ApiClient(server).post('/api/auth/code', { email })),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body).sort()).toEqual(['challengeId', 'email']);
    }
  });

  it('normalises the address and rejects malformed ones with a validation error', async () => {
    const client = new ApiClient(server);
    const bad = await client.post('/api/auth/code', { email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.body.type).toBe('validation_failed');
    expect(bad.body.message).toMatch(/e-mail/i);

    const email = uniqueEmail('user');
    const ok = await client.post('/api/auth/code', { email: `  ${email.toUpperCase()} ` });
    expect(ok.body.email).toBe(email);
    await server.smtp.nextMailTo(email);
  });

  it('stores only a hash of the code', async () => {
    const email = uniqueEmail('user');
    const { code } = await requestCode(new ApiClient(server), email);
    const [row] = await server.context.database.db.select().from(signInCodes).where(eq(signInCodes.email, email));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    expect(row?.linkHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.linkHash).not.toBe(row?.codeHash);
  });

  it('signs a new address in, creating the user, and sets an httpOnly SameSite=Lax session cookie', async () => {
    const client = new ApiClient(server);
    const email = uniqueEmail('user');
    const { challengeId, code } = await requestCode(client, email);
    const response = await client.post('/api/auth/session', { challengeId, code });
    expect(response.status).toBe(200);
    expect(response.body.email).toBe(email);
    expect(response.body.roles).toEqual(['members']);
    expect(response.body.registrationCompletedAt).toBeNull();
    expect(response.body.follow).toEqual([]);
    expect(response.body.subscriptions).toEqual([]);
    expect(response.body.avatarColor).toMatch(/^hsl\(\d{1,3}, 50%, 50%\)$/);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^aurum_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);

    const me = await client.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(response.body.id);
  });

  it('refuses a wrong code and counts the tries left', async () => {
    const client = new ApiClient(server);
    const { challengeId, code } = await requestCode(client, uniqueEmail('user'));
    const wrong = await client.post('/api/auth/session', { challengeId, code: wrongCodeFor(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.type).toBe('sign_in_code_invalid');
    expect(wrong.body.message).toContain(`${SIGN_IN_CODE_MAX_ATTEMPTS - 1} tries left`);
    expect(client.cookie).toBeNull();
    const right = await client.post('/api/auth/session', { challengeId, code });
    expect(right.status).toBe(200);
  });

  it(`locks the code after ${SIGN_IN_CODE_MAX_ATTEMPTS} wrong tries, even for the right code`, async () => {
    const client = new ApiClient(server);
    const { challengeId, code } = await requestCode(client, uniqueEmail('user'));
    const answers = [];
    for (let i = 0; i < SIGN_IN_CODE_MAX_ATTEMPTS; i++) {
      answers.push((await client.post('/api/auth/session', { challengeId, code: wrongCodeFor(code) })).body.type);
    }
    expect(answers.slice(0, -1).every((type) => type === 'sign_in_code_invalid')).toBe(true);
    expect(answers.at(-1)).toBe('sign_in_code_attempts_exceeded');
    const right = await client.post('/api/auth/session', { challengeId, code });
    expect(right.status).toBe(429);
    expect(right.body.type).toBe('sign_in_code_attempts_exceeded');
  });

  it('does not let parallel guesses exceed the try limit', async () => {
    const client = new ApiClient(server);
    const { challengeId, code } = await requestCode(client, uniqueEmail('user'));
    await Promise.all(Array.from({ length: 12 }, () => client.post('/api/auth/session', { challengeId, code: wrongCodeFor(code) })));
    const [row] = await server.context.database.db.select().from(signInCodes).where(eq(signInCodes.id, challengeId));
    expect(row?.attempts).toBe(SIGN_IN_CODE_MAX_ATTEMPTS);
  });

  it('refuses an expired code', async () => {
    const client = new ApiClient(server);
    const { challengeId, code } = await requestCode(client, uniqueEmail('user'));
    server.advanceClock(SIGN_IN_CODE_TTL_MS + 1000);
    const response = await client.post('/api/auth/session', { challengeId, code });
    expect(response.status).toBe(400);
    expect(response.body.type).toBe('sign_in_code_expired');
  });

  it('keeps an earlier code valid when a new one is requested, each for its own challenge', async () => {
    const client = new ApiClient(server);
    const email = uniqueEmail('user');
    const first = await requestCode(client, email);
    const second = await requestCode(client, email);
    const old = await client.post('/api/auth/session', { challengeId: first.challengeId, code: first.code });
    expect(old.status).toBe(200);
    const fresh = await new ApiClient(server).post('/api/auth/session', { challengeId: second.challengeId, code: second.code });
    expect(fresh.status).toBe(200);
  });

  it('accepts a code only once', async () => {
    const client = new ApiClient(server);
    const { challengeId, code } = await requestCode(client, uniqueEmail('user'));
    expect((await client.post('/api/auth/session', { challengeId, code })).status).toBe(200);
    const again = await new ApiClient(server).post('/api/auth/session', { challengeId, code });
    expect(again.status).toBe(400);
  });

  it('rate-limits code requests per address', async () => {
    const client = new ApiClient(server);
    const email = uniqueEmail('user');
    // The waits below are exact to the second: real time passing between requests must not shorten them.
    const resumeClock = server.freezeClock();
    onTestFinished(resumeClock);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await client.post('/api/auth/code', { email })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // The window opened with the first request; 4 minutes later 11 are left, in the header and the message.
    server.advanceClock(4 * 60 * 1000);
    const limited = await client.post('/api/auth/code', { email });
    expect(limited.body.type).toBe('rate_limited');
    expect(limited.headers.get('retry-after')).toBe(String(11 * 60));
    expect(limited.body.message).toBe('Too many requests. Try again in 11 minutes.');
    server.advanceClock(30 * 1000);
    const soon = await client.post('/api/auth/code', { email });
    expect(soon.headers.get('retry-after')).toBe(String(10 * 60 + 30));
    expect(soon.body.message).toBe('Too many requests. Try again in 11 minutes.');
    server.advanceClock(11 * 60 * 1000);
    expect((await client.post('/api/auth/code', { email })).status).toBe(200);
  });

  it('replaces an existing session when signing in again, and logout ends the session', async () => {
    const client = new ApiClient(server);
    const email = uniqueEmail('user');
    await client.signIn(email);
    const firstCookie = client.cookie;
    await client.signIn(email);
    expect(client.cookie).not.toBe(firstCookie);
    const stale = new ApiClient(server);
    stale.cookie = firstCookie;
    expect((await stale.get('/api/me')).status).toBe(401);

    const current = client.cookie;
    const out = await client.delete('/api/auth/session');
    expect(out.status).toBe(204);
    const reused = new ApiClient(server);
    reused.cookie = current;
    const me = await reused.get('/api/me');
    expect(me.status).toBe(401);
    expect(me.body.type).toBe('general_unauthorized_scope');
  });

  it('gives the admins label to ADMIN_EMAILS at sign-in and to nobody else', async () => {
    const admin = await new ApiClient(server).signIn('Boss@Example.com');
    expect(admin.body.labels).toEqual(['admins']);
    expect(admin.body.roles).toEqual(['admins', 'members']);
    const member = await new ApiClient(server).signIn(uniqueEmail('user'));
    expect(member.body.labels).toEqual([]);
  });

  it('refuses state-changing requests from another origin or with no origin', async () => {
    const email = uniqueEmail('user');
    const foreign = await new ApiClient(server, 'https://evil.example').post('/api/auth/code', { email });
    expect(foreign.status).toBe(403);
    expect(foreign.body.type).toBe('csrf_origin_mismatch');
    const none = await new ApiClient(server, null).post('/api/auth/code', { email });
    expect(none.status).toBe(403);
  });

  it('never lets a disabled account sign in again', async () => {
    const client = new ApiClient(server);
    const email = uniqueEmail('user');
    await client.signIn(email);
    await client.delete('/api/me');
    const [row] = await server.context.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.disabledAt).toBeInstanceOf(Date);

    const again = new ApiClient(server);
    const requested = await again.post('/api/auth/code', { email });
    expect(requested.status).toBe(200);
    await expect(server.smtp.nextMailTo(email, 500)).rejects.toThrow(/no mail/);
    // Even knowing the stored code's challenge, no code can open the account.
    const response = await again.post('/api/auth/session', { challengeId: requested.body.challengeId, code: '123456' });
    expect(response.status).toBe(400);
    expect(again.cookie).toBeNull();
  });
  it('refuses codes for an address for a day after 20 wrong ones, across every code it was sent (its links still work)', async () => {
    const client = new ApiClient(server);
    const email = uniqueEmail('user');
    for (let round = 0; round < 4; round++) {
      const { challengeId, code } = await requestCode(client, email);
      for (let i = 0; i < SIGN_IN_CODE_MAX_ATTEMPTS; i++) {
        await client.post('/api/auth/session', { challengeId, code: wrongCodeFor(code) });
      }
    }
    const { challengeId, code } = await requestCode(client, email);
    const locked = await client.post('/api/auth/session', { challengeId, code });
    expect(locked.status).toBe(429);
    expect(locked.body.type).toBe('sign_in_address_locked');
    expect(client.cookie).toBeNull();

    server.advanceClock(DAY_MS + 1000);
    const fresh = await requestCode(client, email);
    expect((await client.post('/api/auth/session', { challengeId: fresh.challengeId, code: fresh.code })).status).toBe(200);
  });
});
