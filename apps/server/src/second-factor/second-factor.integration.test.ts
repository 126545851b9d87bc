import { STEP_UP_FRESH_MS } from '@aurum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../test/content-fixtures.js';
import { codeFromMail, isSignInCodeMail } from '../../test/smtp-capture.js';
import { SoftwarePasskey } from '../../test/software-passkey.js';
import { ApiClient, startTestServer, type TestServer } from '../../test/test-server.js';
import { totpCode } from './totp.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** The first step of a sign-in (the mailed code), with what it answered. */
async function firstStep(client: ApiClient, email: string) {
  const requested = await client.post('/api/auth/code', { email });
  const code = codeFromMail(await server.smtp.nextMailTo(email, undefined, isSignInCodeMail));
  return client.post('/api/auth/session', { challengeId: requested.body.challengeId, code });
}

/** A member signed in with an authenticator app added. */
async function memberWithApp(prefix: string) {
  const email = uniqueEmail(prefix);
  const member = new ApiClient(server);
  // These tests look at the refusals themselves.
  member.answersSecondFactor = false;
  await member.signIn(email);
  const { secret, recoveryCodes } = await member.addAuthenticatorApp();
  return { email, member, secret, recoveryCodes };
}

const now = () => server.context.now();

describe('an authenticator app', () => {
  it('is added with a code it shows, which brings ten recovery codes once, and protects every later sign-in', async () => {
    const email = uniqueEmail('totp');
    const member = new ApiClient(server);
    await member.signIn(email);
    expect((await member.get('/api/me/second-factor')).body).toMatchObject({ enabled: false, verifiedAt: null });

    const setup = await member.post('/api/me/second-factor/totp');
    expect(setup.status).toBe(200);
    expect(setup.body.qrSvg).toMatch(/^<svg/);
    expect(setup.body.otpauthUrl).toContain(`secret=${setup.body.secret}`);
    const wrong = await member.post('/api/me/second-factor/totp/confirm', {
      code: '000000' === totpCode(setup.body.secret, now()) ? '111111' : '000000',
    });
    expect(wrong.body.type).toBe('second_factor_invalid');
    const confirmed = await member.post('/api/me/second-factor/totp/confirm', { code: totpCode(setup.body.secret, now()) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    const status = (await member.get('/api/me/second-factor')).body;
    expect(status).toMatchObject({ enabled: true, totp: true, passkeys: [], recoveryCodesLeft: 10 });
    expect(status.verifiedAt).not.toBeNull();

    const elsewhere = new ApiClient(server);
    const first = await firstStep(elsewhere, email);
    expect(first.status).toBe(200);
    expect(first.body.secondFactor.methods).toEqual(['totp', 'recovery']);
    expect(elsewhere.cookie).toBeNull();
    expect((await elsewhere.get('/api/me')).status).toBe(401);

    server.advanceClock(30_000);
    const ticket = first.body.secondFactor.ticket;
    const signedIn = await elsewhere.post('/api/auth/second-factor', { ticket, totpCode: totpCode(setup.body.secret, now()) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.email).toBe(email);
    expect((await elsewhere.get('/api/me/second-factor')).body.verifiedAt).not.toBeNull();
    // The ticket is spent.
    const again = await new ApiClient(server).post('/api/auth/second-factor', { ticket, totpCode: totpCode(setup.body.secret, now()) });
    expect(again.body.type).toBe('sign_in_ticket_invalid');
  });

  it('takes each code once: a code seen by someone else cannot be replayed', async () => {
    const { email, secret } = await memberWithApp('replay');
    server.advanceClock(30_000);
    const code = totpCode(secret, now());
    const owner = new ApiClient(server);
    const ownerTicket = (await firstStep(owner, email)).body.secondFactor.ticket;
    expect((await owner.post('/api/auth/second-factor', { ticket: ownerTicket, totpCode: code })).status).toBe(200);
    const thief = new ApiClient(server);
    const thiefTicket = (await firstStep(thief, email)).body.secondFactor.ticket;
    const replayed = await thief.post('/api/auth/second-factor', { ticket: thiefTicket, totpCode: code });
    expect(replayed.status).toBe(400);
    expect(replayed.body.type).toBe('second_factor_invalid');
    expect(thief.cookie).toBeNull();
  });

  it('allows five wrong codes per sign-in and ten per account in 15 minutes, then refuses even the right one', async () => {
    const { email, secret } = await memberWithApp('guess');
    const guesser = new ApiClient(server);
    const wrongCode = () => (totpCode(secret, now()) === '123456' ? '654321' : '123456');
    const ticket = (await firstStep(guesser, email)).body.secondFactor.ticket;
    for (let i = 0; i < 5; i++) expect((await guesser.post('/api/auth/second-factor', { ticket, totpCode: wrongCode() })).status).toBe(400);
    const spent = await guesser.post('/api/auth/second-factor', { ticket, totpCode: totpCode(secret, now()) });
    expect(spent.body.type).toBe('sign_in_ticket_invalid');

    const second = (await firstStep(guesser, email)).body.secondFactor.ticket;
    for (let i = 0; i < 5; i++) await guesser.post('/api/auth/second-factor', { ticket: second, totpCode: wrongCode() });
    const third = (await firstStep(guesser, email)).body.secondFactor.ticket;
    const locked = await guesser.post('/api/auth/second-factor', { ticket: third, totpCode: totpCode(secret, now()) });
    expect(locked.status).toBe(429);
    expect(locked.body.type).toBe('second_factor_attempts_exceeded');
    expect(guesser.cookie).toBeNull();
  });
});

describe('recovery codes', () => {
  it('each sign in once, are counted down, and are replaced after a fresh check', async () => {
    const { email, member, recoveryCodes } = await memberWithApp('recovery');
    const [first = '', second = ''] = recoveryCodes;
    const lostPhone = new ApiClient(server);
    const ticket = (await firstStep(lostPhone, email)).body.secondFactor.ticket;
    expect((await lostPhone.post('/api/auth/second-factor', { ticket, recoveryCode: first.toUpperCase() })).status).toBe(200);
    const reuse = await new ApiClient(server).post('/api/auth/second-factor', {
      ticket: (await firstStep(new ApiClient(server), email)).body.secondFactor.ticket,
      recoveryCode: first,
    });
    expect(reuse.status).toBe(400);
    expect((await member.get('/api/me/second-factor')).body.recoveryCodesLeft).toBe(9);

    server.advanceClock(STEP_UP_FRESH_MS);
    expect((await member.post('/api/me/second-factor/recovery-codes')).body.type).toBe('step_up_required');
    expect((await member.post('/api/me/second-factor/check', { recoveryCode: second })).status).toBe(200);
    const renewed = await member.post('/api/me/second-factor/recovery-codes');
    expect(renewed.body.codes).toHaveLength(10);
    expect((await member.get('/api/me/second-factor')).body.recoveryCodesLeft).toBe(10);
    const oldCode = recoveryCodes[2];
    expect((await member.post('/api/me/second-factor/check', { recoveryCode: oldCode })).status).toBe(400);
  });
});

describe('passkeys', () => {
  const origin = () => server.baseUrl.replace(/:\d+$/, ':1');

  async function addPasskey(client: ApiClient, passkey: SoftwarePasskey) {
    const options = await client.post('/api/me/second-factor/passkeys/options');
    expect(options.status).toBe(200);
    return client.post('/api/me/second-factor/passkeys', {
      challengeId: options.body.challengeId,
      response: passkey.create(options.body.options),
    });
  }

  it('are added, sign in alone (the device checks its owner) and answer the second step', async () => {
    const email = uniqueEmail('passkey');
    const member = new ApiClient(server);
    await member.signIn(email);
    const passkey = new SoftwarePasskey(origin());
    const added = await addPasskey(member, passkey);
    expect(added.status).toBe(200);
    expect(added.body.recoveryCodes).toHaveLength(10);
    const status = (await member.get('/api/me/second-factor')).body;
    expect(status.passkeys).toEqual([expect.objectContaining({ id: passkey.id, lastUsedAt: null })]);

    const phone = new ApiClient(server);
    const options = await phone.post('/api/auth/passkey/options');
    const signedIn = await phone.post('/api/auth/passkey', {
      challengeId: options.body.challengeId,
      response: passkey.get(options.body.options),
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.email).toBe(email);
    expect((await phone.get('/api/me/second-factor')).body.verifiedAt).not.toBeNull();
    // A challenge is answered once.
    const replay = await new ApiClient(server).post('/api/auth/passkey', {
      challengeId: options.body.challengeId,
      response: passkey.get(options.body.options),
    });
    expect(replay.body.type).toBe('passkey_invalid');

    const laptop = new ApiClient(server);
    const first = await firstStep(laptop, email);
    expect(first.body.secondFactor.methods).toEqual(['passkey', 'recovery']);
    const ticket = first.body.secondFactor.ticket;
    const check = await laptop.post('/api/auth/second-factor/passkey-options', { ticket });
    expect(check.body.options.allowCredentials).toEqual([expect.objectContaining({ id: passkey.id })]);
    const second = await laptop.post('/api/auth/second-factor', {
      ticket,
      passkey: { challengeId: check.body.challengeId, response: passkey.get(check.body.options) },
    });
    expect(second.status).toBe(200);
  });

  it('without the device’s own check are a second factor but do not sign in alone; another account’s passkey checks nothing', async () => {
    const email = uniqueEmail('securitykey');
    const member = new ApiClient(server);
    await member.signIn(email);
    const securityKey = new SoftwarePasskey(origin(), false);
    expect((await addPasskey(member, securityKey)).status).toBe(200);

    const stranger = new ApiClient(server);
    const options = await stranger.post('/api/auth/passkey/options');
    const alone = await stranger.post('/api/auth/passkey', {
      challengeId: options.body.challengeId,
      response: securityKey.get(options.body.options),
    });
    expect(alone.body.type).toBe('passkey_invalid');
    expect(stranger.cookie).toBeNull();

    const other = new ApiClient(server);
    await other.signIn(uniqueEmail('otherkey'));
    const othersKey = new SoftwarePasskey(origin());
    await addPasskey(other, othersKey);
    server.advanceClock(STEP_UP_FRESH_MS);
    const check = await member.post('/api/me/second-factor/check/passkey-options');
    const wrongKey = await member.post('/api/me/second-factor/check', {
      passkey: { challengeId: check.body.challengeId, response: othersKey.get(check.body.options) },
    });
    expect(wrongKey.body.type).toBe('passkey_invalid');
    const again = await member.post('/api/me/second-factor/check/passkey-options');
    const right = await member.post('/api/me/second-factor/check', {
      passkey: { challengeId: again.body.challengeId, response: securityKey.get(again.body.options) },
    });
    expect(right.status).toBe(200);
  });

  it('added to an account that has a factor need a fresh check first, so a stolen session cannot add its own', async () => {
    const { member } = await memberWithApp('stolen');
    server.advanceClock(STEP_UP_FRESH_MS);
    const refused = await member.post('/api/me/second-factor/passkeys/options');
    expect(refused.status).toBe(403);
    expect(refused.body.type).toBe('step_up_required');
    expect((await member.stepUp()).status).toBe(200);
    const added = await addPasskey(member, new SoftwarePasskey(origin()));
    expect(added.status).toBe(200);
    expect(added.body.recoveryCodes).toBeNull();
  });
});

describe('removing second factors', () => {
  it('needs a fresh check; without any left, recovery codes go, no session counts as checked and sign-in asks one step', async () => {
    const { email, member } = await memberWithApp('remove');
    server.advanceClock(STEP_UP_FRESH_MS);
    expect((await member.delete('/api/me/second-factor/totp')).body.type).toBe('step_up_required');
    await member.stepUp();
    expect((await member.delete('/api/me/second-factor/totp')).status).toBe(204);
    expect((await member.get('/api/me/second-factor')).body).toMatchObject({ enabled: false, recoveryCodesLeft: 0, verifiedAt: null });
    const next = await firstStep(new ApiClient(server), email);
    expect(next.body.email).toBe(email);
  });
});
