import { randomUUID } from 'node:crypto';
import { generateId, STEP_UP_FRESH_MS } from '@aurum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail, uniqueHandle } from '../../test/content-fixtures.js';
import { ApiClient, startTestServer, type TestServer } from '../../test/test-server.js';

const ADMIN_EMAIL = 'two-step-admin@example.com';
let server: TestServer;
/** The admin's authenticator app, added in the first test. */
let adminApp: string | null = null;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: ADMIN_EMAIL });
});
afterAll(async () => {
  await server?.close();
});

/** A client that shows the refusals instead of answering them as a person in the app would. */
function refusing(client: ApiClient): ApiClient {
  client.answersSecondFactor = false;
  return client;
}

const typeOf = (answer: { body: { type?: string } | null }) => answer.body?.type;

describe('what needs a second factor', () => {
  it('the admin area: an admin without one is told to add one; a session that never passed one is asked to confirm', async () => {
    const admin = refusing(new ApiClient(server));
    await admin.register(ADMIN_EMAIL, uniqueHandle('twostep'));
    const laptop = refusing(new ApiClient(server));
    await laptop.signIn(ADMIN_EMAIL);

    expect(typeOf(await admin.get('/api/admin/overview'))).toBe('second_factor_required');
    // Before validation: even a malformed request is told what it needs, never more.
    expect(typeOf(await admin.get('/api/admin/users?limit=abc'))).toBe('second_factor_required');
    adminApp = (await admin.addAuthenticatorApp()).secret;
    expect((await admin.get('/api/admin/overview')).status).toBe(200);

    // Checked at sign-in, the session opens the admin area for as long as it lasts.
    server.advanceClock(STEP_UP_FRESH_MS * 6);
    expect((await admin.get('/api/admin/overview')).status).toBe(200);

    const laptopAnswer = await laptop.get('/api/admin/overview');
    expect(laptopAnswer.status).toBe(403);
    expect(typeOf(laptopAnswer)).toBe('step_up_required');
    laptop.authenticatorApp = admin.authenticatorApp;
    expect((await laptop.stepUp()).status).toBe(200);
    expect((await laptop.get('/api/admin/overview')).status).toBe(200);
  });

  it('refunds, suspensions, anonymising and payout actions: a check within ten minutes', async () => {
    const admin = refusing(new ApiClient(server));
    admin.authenticatorApp = adminApp;
    await admin.signIn(ADMIN_EMAIL);
    const member = await signUp(server, 'target');
    const fresh = [
      () => admin.post(`/api/admin/payments/${generateId()}/refund`, { reason: 'Asked for it' }),
      () => admin.post(`/api/admin/users/${member.id}/disable`, { reason: 'Spam' }),
      () => admin.post(`/api/admin/users/${member.id}/anonymise`, { reason: 'Asked for it' }),
      () => admin.request('PUT', `/api/admin/creators/${member.id}/payouts/hold`, { holdDays: 0, reason: 'Checking' }),
      () => admin.post(`/api/admin/reported-content/${generateId()}/actions`, { action: 'suspend_creator', reason: 'Spam' }),
    ];
    expect((await admin.get('/api/admin/overview')).status).toBe(200);
    server.advanceClock(STEP_UP_FRESH_MS);
    for (const action of fresh) expect(typeOf(await action())).toBe('step_up_required');
    // Other admin work does not ask again.
    expect((await admin.get('/api/admin/overview')).status).toBe(200);
    const dismissed = await admin.post(`/api/admin/reported-content/${generateId()}/actions`, { action: 'dismiss', reason: 'Not spam' });
    expect(dismissed.status).toBe(404);

    await admin.stepUp();
    for (const action of fresh) {
      const answer = await action();
      expect([401, 403]).not.toContain(answer.status);
    }
  });

  it('a creator withdrawing or changing where they are paid; not the first payout method, which finishes sign-up', async () => {
    const creator = await signUp(server, 'payee', { creator: true });
    refusing(creator.client);
    expect((await creator.client.post('/api/payout-methods', { type: 'paypal', email: uniqueEmail('paid') })).status).toBe(201);
    const withdraw = () => creator.client.post('/api/creator/payouts', { currency: 'USD', idempotencyKey: randomUUID() });
    const another = () => creator.client.post('/api/payout-methods', { type: 'paypal', email: uniqueEmail('thief') });
    expect(typeOf(await withdraw())).toBe('second_factor_required');
    expect(typeOf(await another())).toBe('second_factor_required');

    await creator.client.addAuthenticatorApp();
    expect(typeOf(await withdraw())).toBe('payout_below_minimum');
    expect((await another()).status).toBe(201);
    // Past the check, a new method pauses payouts for a few days.
    expect(typeOf(await withdraw())).toBe('payouts_paused');
    server.advanceClock(STEP_UP_FRESH_MS);
    expect(typeOf(await withdraw())).toBe('step_up_required');
    const [, oldest] = (await creator.client.get('/api/payout-methods')).body;
    expect(typeOf(await creator.client.post(`/api/payout-methods/${oldest.id}/activate`))).toBe('step_up_required');
    expect(typeOf(await creator.client.delete(`/api/payout-methods/${oldest.id}`))).toBe('step_up_required');
    await creator.client.stepUp();
    expect(typeOf(await withdraw())).toBe('payouts_paused');
  });
});
