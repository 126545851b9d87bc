import { DAY_MS } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMediaRow, uniqueEmail } from '../../test/content-fixtures.js';
import { registerAndFillProfileSteps } from '../../test/creator-steps.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { profiles, users, verificationEvents, verificationRequests } from '../db/schema.js';
import type { DevVerificationProvider } from '../verification/dev-provider.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** The provider's page address on the test server (the session URL names the configured public URL). */
const onTestServer = (url: string) => {
  const { pathname, search } = new URL(url);
  return server.baseUrl + pathname + search;
};

/** What a browser does on the development provider's page: load it, press a button, follow nothing. */
async function decideOnDevPage(url: string, decision: 'approve' | 'decline') {
  const page = await fetch(onTestServer(url));
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain(`value="${decision}"`);
  return fetch(onTestServer(url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision }).toString(),
    redirect: 'manual',
  });
}

const step = (state: any, id: string) => state.steps.find((s: any) => s.id === id)?.status;

describe(`becoming a creator with the development provider (${TEST_DRIVER})`, () => {
  it('goes through every step, approves on the provider page and gets the creators label', async () => {
    const client = new ApiClient(server);
    const me = await client.register(uniqueEmail('creator'), 'gold_painter');

    const initial = await client.get('/api/creator/onboarding');
    expect(initial.status).toBe(200);
    expect(initial.body).toMatchObject({ status: 'not_started', nextStep: 'start', isCreator: false, ageGender: null });

    const started = await client.post('/api/creator/onboarding/start');
    expect(started.body).toMatchObject({ status: 'in_progress', nextStep: 'age_gender' });
    expect(step(started.body, 'start')).toBe('done');

    const aged = await client.request('PUT', '/api/creator/onboarding/age-gender', { birthDate: '1994-02-11', gender: 'non_binary' });
    expect(aged.status).toBe(200);
    expect(aged.body.ageGender).toEqual({ birthDate: '1994-02-11', gender: 'non_binary' });
    expect(aged.body.nextStep).toBe('images_bio');

    const avatar = await insertMediaRow(server, me.id);
    const cover = await insertMediaRow(server, me.id);
    const imaged = await client.request('PUT', '/api/creator/onboarding/images-bio', {
      bio: '  I paint with gold leaf.  ',
      avatarMediaId: avatar,
      coverMediaId: cover,
    });
    expect(imaged.status).toBe(200);
    expect(imaged.body.imagesBio).toEqual({ bio: 'I paint with gold leaf.', avatarMediaId: avatar, coverMediaId: cover });
    expect(imaged.body.nextStep).toBe('verify_identity');

    const session = await client.post('/api/creator/onboarding/verification');
    expect(session.status).toBe(201);
    expect(session.body).toMatchObject({ provider: 'dev', status: 'pending' });
    expect(session.body.url).toMatch(/^http:\/\/127\.0\.0\.1:1\/dev\/verification\/devvs_[0-9a-f]{32}\?return=/);
    const waiting = await client.get('/api/creator/onboarding');
    expect(step(waiting.body, 'verify_identity')).toBe('pending');
    expect(waiting.body.verification).toMatchObject({ requestId: session.body.requestId, status: 'pending' });

    // Payout before the verdict: every step but identity is done, so no label yet.
    expect((await client.post('/api/payout-methods', { type: 'paypal', email: 'gold@example.com' })).status).toBe(201);
    const beforeVerdict = await client.get('/api/me');
    expect(beforeVerdict.body.roles).toEqual(['members']);

    const page = await fetch(onTestServer(session.body.url));
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await page.text();
    expect(html).toContain('Development verification provider — no real identity check');
    expect(html).toContain('@gold_painter');
    expect(html).toMatch(/<button[^>]*value="approve"[^>]*>Approve<\/button>/);
    expect(html).toMatch(/<button[^>]*value="decline"[^>]*>Decline<\/button>/);

    const decided = await decideOnDevPage(session.body.url, 'approve');
    expect(decided.status).toBe(303);
    expect(decided.headers.get('location')).toBe('http://127.0.0.1:1/creator/signup/verify-identity');

    const current = await client.get('/api/me');
    expect(current.body.roles).toEqual(['creators', 'members']);
    expect(current.body.labels).toEqual(['creators']);
    expect(current.body.isCreator).toBe(true);
    expect(current.body.isVerified).toBe(true);
    expect(Date.parse(current.body.identityVerifiedAt)).toBeGreaterThan(Date.now() - 60_000);

    const done = await client.get('/api/creator/onboarding');
    expect(done.body).toMatchObject({ status: 'completed', nextStep: null, isCreator: true });
    expect(done.body.steps.every((s: any) => s.status === 'done')).toBe(true);
    expect(done.body.verification.status).toBe('approved');

    const history = await server.context.database.db
      .select({ status: verificationEvents.status, source: verificationEvents.source })
      .from(verificationEvents)
      .where(eq(verificationEvents.requestId, session.body.requestId))
      .orderBy(verificationEvents.createdAt);
    expect(history).toEqual([
      { status: 'pending', source: 'app' },
      { status: 'approved', source: 'webhook' },
    ]);

    // The settled session's page offers no buttons, and a second verification is refused.
    const settled = await (await fetch(onTestServer(session.body.url))).text();
    expect(settled).not.toContain('value="approve"');
    expect((await client.post('/api/creator/onboarding/verification')).body.type).toBe('identity_already_verified');
  });

  it('grants the label when payout is the last step done', async () => {
    const client = new ApiClient(server);
    await registerAndFillProfileSteps(server, client, uniqueEmail('creator'), 'payout_last');
    const session = await client.post('/api/creator/onboarding/verification');
    expect((await decideOnDevPage(session.body.url, 'approve')).status).toBe(303);

    const verified = await client.get('/api/creator/onboarding');
    expect(verified.body).toMatchObject({ status: 'in_progress', nextStep: 'payout', isCreator: false });
    expect(verified.body.identityVerifiedAt).not.toBeNull();
    expect((await client.get('/api/me')).body.roles).toEqual(['members']);

    const added = await client.post('/api/payout-methods', {
      type: 'bank_account',
      holderName: 'Payout Last',
      country: 'DE',
      currency: 'EUR',
      iban: 'DE89 3704 0044 0532 0130 00',
    });
    expect(added.status).toBe(201);
    expect((await client.get('/api/me')).body.roles).toEqual(['creators', 'members']);
    expect((await client.get('/api/creator/onboarding')).body.status).toBe('completed');
  });

  it('grants the label when approval and payout land at the same moment', async () => {
    const client = new ApiClient(server);
    await registerAndFillProfileSteps(server, client, uniqueEmail('creator'), 'photo_finish');
    const session = await client.post('/api/creator/onboarding/verification');
    const provider = server.context.verification.provider as DevVerificationProvider;
    const webhook = provider.signedDecision(new URL(session.body.url).pathname.split('/').pop() ?? '', 'approve');

    const [delivered, added] = await Promise.all([
      fetch(`${server.baseUrl}/api/webhooks/verification/dev`, { method: 'POST', headers: webhook.headers, body: webhook.body }),
      client.post('/api/payout-methods', { type: 'paypal', email: 'photo@example.com' }),
    ]);
    expect(delivered.status).toBe(200);
    expect(added.status).toBe(201);
    expect((await client.get('/api/me')).body.roles).toEqual(['creators', 'members']);
    expect((await client.get('/api/creator/onboarding')).body.status).toBe('completed');
  });

  it('keeps the label off after a declined verification, and lets the user try again', async () => {
    const client = new ApiClient(server);
    const me = await registerAndFillProfileSteps(server, client, uniqueEmail('creator'), 'declined_one');
    await client.post('/api/payout-methods', { type: 'paypal', email: 'declined@example.com' });
    const session = await client.post('/api/creator/onboarding/verification');

    const declined = await decideOnDevPage(session.body.url, 'decline');
    expect(declined.status).toBe(303);

    const state = await client.get('/api/creator/onboarding');
    expect(state.body).toMatchObject({ status: 'in_progress', nextStep: 'verify_identity', identityVerifiedAt: null });
    expect(step(state.body, 'verify_identity')).toBe('todo');
    expect(state.body.verification).toMatchObject({ status: 'declined', reason: 'Declined in the development verification provider' });
    const [account] = await server.context.database.db.select().from(users).where(eq(users.id, me.id));
    expect(account?.labels).toEqual([]);
    const [profile] = await server.context.database.db.select().from(profiles).where(eq(profiles.userId, me.id));
    expect(profile?.isVerified).toBe(false);

    const retry = await client.post('/api/creator/onboarding/verification');
    expect(retry.status).toBe(201);
    expect(retry.body.requestId).not.toBe(session.body.requestId);
    expect((await decideOnDevPage(retry.body.url, 'approve')).status).toBe(303);
    expect((await client.get('/api/me')).body.roles).toEqual(['creators', 'members']);
  });

  it('resumes where the user left off, from another device', async () => {
    const email = uniqueEmail('creator');
    const phone = new ApiClient(server);
    await phone.register(email, 'resumer');
    await phone.post('/api/creator/onboarding/start');
    await phone.request('PUT', '/api/creator/onboarding/age-gender', { birthDate: '1988-12-01', gender: 'male' });

    const laptop = new ApiClient(server);
    await laptop.signIn(email);
    const state = await laptop.get('/api/creator/onboarding');
    expect(state.body).toMatchObject({
      status: 'in_progress',
      nextStep: 'images_bio',
      ageGender: { birthDate: '1988-12-01', gender: 'male' },
    });
    expect(state.body.steps.map((s: any) => [s.id, s.status, s.path])).toEqual([
      ['start', 'done', '/creator/signup/start'],
      ['age_gender', 'done', '/creator/signup/age-gender'],
      ['images_bio', 'todo', '/creator/signup/add-images-and-bio'],
      ['verify_identity', 'todo', '/creator/signup/verify-identity'],
      ['payout', 'todo', '/creator/signup/payment'],
    ]);
    // Starting again keeps what was saved.
    const again = await laptop.post('/api/creator/onboarding/start');
    expect(again.body.ageGender).toEqual({ birthDate: '1988-12-01', gender: 'male' });
    expect(again.body.startedAt).toBe(state.body.startedAt);
  });

  it('refuses anyone under 18 by the server clock, and accepts them on their 18th birthday', async () => {
    const client = new ApiClient(server);
    await client.register(uniqueEmail('creator'), 'almost_adult');
    await client.post('/api/creator/onboarding/start');
    const tomorrow = new Date(server.context.now().getTime() + DAY_MS);
    const birthDate = `${tomorrow.getUTCFullYear() - 18}-${String(tomorrow.getUTCMonth() + 1).padStart(2, '0')}-${String(tomorrow.getUTCDate()).padStart(2, '0')}`;

    const refused = await client.request('PUT', '/api/creator/onboarding/age-gender', { birthDate, gender: 'female' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ type: 'creator_under_age', details: [{ path: 'birthDate' }] });
    expect((await client.get('/api/creator/onboarding')).body.ageGender).toBeNull();

    server.advanceClock(DAY_MS);
    try {
      const accepted = await client.request('PUT', '/api/creator/onboarding/age-gender', { birthDate, gender: 'female' });
      expect(accepted.status).toBe(200);
    } finally {
      server.advanceClock(-DAY_MS);
    }

    const future = await client.request('PUT', '/api/creator/onboarding/age-gender', { birthDate: '2999-01-01', gender: 'female' });
    expect(future.body.type).toBe('creator_under_age');
    for (const body of [
      { birthDate: '1990-02-30', gender: 'female' },
      { birthDate: '01/02/1990', gender: 'female' },
      { birthDate: '1850-01-01', gender: 'female' },
      { birthDate: '1990-01-01', gender: 'robot' },
    ]) {
      const invalid = await client.request('PUT', '/api/creator/onboarding/age-gender', body);
      expect(invalid.status, JSON.stringify(body)).toBe(400);
      expect(invalid.body.type).toBe('validation_failed');
    }
  });

  it("refuses another user's media, non-images and unknown ids for avatar and cover", async () => {
    const owner = new ApiClient(server);
    const ownerMe = await owner.register(uniqueEmail('creator'), 'media_owner');
    const client = new ApiClient(server);
    const me = await client.register(uniqueEmail('creator'), 'media_thief');
    await client.post('/api/creator/onboarding/start');
    const othersImage = await insertMediaRow(server, ownerMe.id);
    const ownVideo = await insertMediaRow(server, me.id, 'ready', 'video');
    const ownFailed = await insertMediaRow(server, me.id, 'failed');

    const cases: [Record<string, string>, number, string, string][] = [
      [{ avatarMediaId: othersImage }, 404, 'media_not_found', 'avatarMediaId'],
      [{ coverMediaId: 'no-such-media' }, 404, 'media_not_found', 'coverMediaId'],
      [{ coverMediaId: ownVideo }, 422, 'media_not_image', 'coverMediaId'],
      [{ avatarMediaId: ownFailed }, 422, 'media_unusable', 'avatarMediaId'],
    ];
    for (const [images, status, type, path] of cases) {
      const response = await client.request('PUT', '/api/creator/onboarding/images-bio', { bio: 'Mine', ...images });
      expect(response.status, type).toBe(status);
      expect(response.body).toMatchObject({ type, details: [{ path }] });
    }
    const state = await client.get('/api/creator/onboarding');
    expect(state.body.imagesBio).toEqual({ bio: null, avatarMediaId: null, coverMediaId: null });
    expect(step(state.body, 'images_bio')).toBe('todo');

    const tooLong = await client.request('PUT', '/api/creator/onboarding/images-bio', { bio: 'x'.repeat(1001) });
    expect(tooLong.body).toMatchObject({ type: 'validation_failed', details: [{ path: 'bio' }] });

    // Omitting an image keeps it; null removes it.
    const ownImage = await insertMediaRow(server, me.id);
    await client.request('PUT', '/api/creator/onboarding/images-bio', { bio: 'One', avatarMediaId: ownImage, coverMediaId: ownImage });
    const kept = await client.request('PUT', '/api/creator/onboarding/images-bio', { bio: 'Two', coverMediaId: null });
    expect(kept.body.imagesBio).toEqual({ bio: 'Two', avatarMediaId: ownImage, coverMediaId: null });
  });

  it('needs a signed-in user with completed registration for every write, and steps in order', async () => {
    const anonymous = new ApiClient(server);
    expect((await anonymous.get('/api/creator/onboarding')).status).toBe(401);
    expect((await anonymous.post('/api/creator/onboarding/start')).status).toBe(401);

    const halfway = new ApiClient(server);
    await halfway.signIn(uniqueEmail('creator'));
    for (const [method, path, body] of [
      ['POST', '/api/creator/onboarding/start', {}],
      ['PUT', '/api/creator/onboarding/age-gender', { birthDate: '1990-01-01', gender: 'female' }],
      ['PUT', '/api/creator/onboarding/images-bio', { bio: 'Hi' }],
      ['POST', '/api/creator/onboarding/verification', {}],
      ['POST', '/api/payout-methods', { type: 'paypal', email: 'halfway@example.com' }],
    ] as const) {
      const response = await halfway.request(method, path, body);
      expect(response.status, path).toBe(403);
      expect(response.body.type).toBe('registration_incomplete');
    }

    const client = new ApiClient(server);
    await client.register(uniqueEmail('creator'), 'out_of_order');
    const early = await client.request('PUT', '/api/creator/onboarding/age-gender', { birthDate: '1990-01-01', gender: 'female' });
    expect(early.status).toBe(409);
    expect(early.body.type).toBe('onboarding_not_started');
    expect((await client.post('/api/creator/onboarding/verification')).body.type).toBe('onboarding_not_started');
    await client.post('/api/creator/onboarding/start');
    const noAge = await client.post('/api/creator/onboarding/verification');
    expect(noAge.status).toBe(409);
    expect(noAge.body.type).toBe('onboarding_step_required');

    const crossSite = new ApiClient(server, 'https://evil.example');
    crossSite.cookie = client.cookie;
    expect((await crossSite.post('/api/creator/onboarding/start')).body.type).toBe('csrf_origin_mismatch');

    const offSite = await client.post('/api/creator/onboarding/verification', { returnPath: '//evil.example/x' });
    expect(offSite.status).toBe(400);
  });

  it('gives no request a way to set labels: not the steps, not a forged webhook', async () => {
    const client = new ApiClient(server);
    const me = await client.register(uniqueEmail('creator'), 'label_seeker');
    await client.request('POST', '/api/creator/onboarding/start', { labels: ['creators'], isCreator: true });
    await client.request('PUT', '/api/creator/onboarding/age-gender', { birthDate: '1990-01-01', gender: 'female', labels: ['admins'] });
    await client.request('PUT', '/api/creator/onboarding/images-bio', { bio: 'Me', roles: ['creators'], isVerified: true });
    const session = await client.post('/api/creator/onboarding/verification', {
      returnPath: '/creator/signup/verify-identity',
      status: 'approved',
    });
    expect(session.body.status).toBe('pending');

    const sessionId = new URL(session.body.url).pathname.split('/').pop();
    const forged = JSON.stringify({
      id: 'devevt_forged',
      type: 'verification.approved',
      sessionId,
      created: Math.floor(Date.now() / 1000),
    });
    for (const signature of [undefined, `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`]) {
      const response = await fetch(`${server.baseUrl}/api/webhooks/verification/dev`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature ? { 'aurum-dev-signature': signature } : {}) },
        body: forged,
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as any).type).toBe('webhook_signature_invalid');
    }
    const [account] = await server.context.database.db.select().from(users).where(eq(users.id, me.id));
    expect(account?.labels).toEqual([]);
    const [request] = await server.context.database.db
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.id, session.body.requestId));
    expect(request?.status).toBe('pending');
  });

  it('shows no page for unknown development sessions and refuses unknown decisions', async () => {
    const missing = await fetch(`${server.baseUrl}/dev/verification/devvs_${'0'.repeat(32)}`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Session not found');

    const client = new ApiClient(server);
    await registerAndFillProfileSteps(server, client, uniqueEmail('creator'), 'odd_decider');
    const session = await client.post('/api/creator/onboarding/verification', { returnPath: '/creator/signup/verify-identity?step=4' });
    const odd = await fetch(onTestServer(session.body.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=maybe',
      redirect: 'manual',
    });
    expect(odd.status).toBe(400);

    // A tampered return address never leads off the site.
    const tampered = new URL(onTestServer(session.body.url));
    tampered.searchParams.set('return', 'https://evil.example/phish');
    const redirected = await fetch(tampered, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=decline',
      redirect: 'manual',
    });
    expect(redirected.status).toBe(303);
    expect(redirected.headers.get('location')).toBe('http://127.0.0.1:1/creator/signup/verify-identity');
  });
});
