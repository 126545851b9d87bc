import { randomUUID } from 'node:crypto';
import { DAY_MS, DEV_TEST_CARDS, generateId } from '@aurum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivePlan, insertMediaRow, signUp, subscribe, uniqueHandle } from '../../test/content-fixtures.js';
import { savedCard } from '../../test/money-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';

/** A member's own payments: every kind, newest first, with whom and what for, refunds and failures; nobody else's. */

const ADMIN_EMAIL = 'history-admin@example.com';

let server: TestServer;
let admin: ApiClient;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = new ApiClient(server);
  await admin.register(ADMIN_EMAIL, uniqueHandle('historyadmin'));
  await admin.addAuthenticatorApp();
});
afterAll(async () => {
  await server?.close();
});

const key = () => randomUUID();

describe(`a member's payment history (${TEST_DRIVER})`, () => {
  it('lists what the member paid whom and for what, newest first, with refunds and declines, page by page', async () => {
    const creator = await signUp(server, 'historycreator', { creator: true });
    const planId = await createActivePlan(creator.client, 'Gold', 900, 'USD');
    const chatPlan = await createActivePlan(creator.client, 'Close', 1500, 'USD', { chat: true });
    const member = await signUp(server, 'historymember');
    const card = await savedCard(member.client);
    const pay = async (path: string, body: Record<string, unknown>) => {
      server.advanceClock(1000);
      const answer = await member.client.post(path, { paymentMethodId: card, idempotencyKey: key(), ...body });
      expect(answer.status, path).toBeLessThan(300);
      return answer.body;
    };

    await pay('/api/subscriptions', { planId });
    const photo = await insertMediaRow(server, creator.id);
    const post = await creator.client.post('/api/posts', {
      text: 'Sold',
      mediaIds: [photo],
      access: ['follower'],
      price: { amountMinor: 700, currency: 'USD' },
    });
    await pay(`/api/posts/${post.body.id}/purchase`, { price: { amountMinor: 700, currency: 'USD' } });
    await subscribe(server, member.id, chatPlan, new Date(server.context.now().getTime() + 30 * DAY_MS));
    const chatId = (await member.client.post('/api/chats', { partnerId: creator.id })).body.id as string;
    await pay(`/api/creators/${creator.id}/tips`, { amountMinor: 300, currency: 'USD', chatId, message: 'Thanks!' });
    const paidMessage = await creator.client.post(`/api/chats/${chatId}/messages`, {
      id: generateId(),
      mediaIds: [await insertMediaRow(server, creator.id)],
      price: { amountMinor: 400, currency: 'USD' },
    });
    const unlocked = await pay(`/api/chats/${chatId}/messages/${paidMessage.body.id}/unlock`, {});
    expect(unlocked.unlocked).toBe(true);

    // A declined card, then an admin refund of the post.
    const token = await member.client.post('/api/payments/dev/tokens', {
      type: 'card',
      number: DEV_TEST_CARDS.declined,
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
    });
    const declinedCard = (await member.client.post('/api/payment-methods', { token: token.body.token })).body.id as string;
    server.advanceClock(1000);
    const declined = await member.client.post(`/api/creators/${creator.id}/tips`, {
      amountMinor: 500,
      currency: 'USD',
      paymentMethodId: declinedCard,
      idempotencyKey: key(),
    });
    expect(declined.status).toBe(402);
    const history = async (query = '') => (await member.client.get(`/api/me/payments${query}`)).body;
    const postCharge = (await history()).items.find((item: { kind: string }) => item.kind === 'paid_post');
    server.advanceClock(16 * 60_000);
    const refunded = await admin.post(`/api/admin/payments/${postCharge.id}/refund`, {
      reason: 'Asked',
      endsAccess: true,
      idempotencyKey: key(),
    });
    expect(refunded.status).toBe(200);

    const all = await history();
    const creatorSummary = { userId: creator.id, handle: expect.any(String) };
    expect(all.items).toEqual([
      expect.objectContaining({
        kind: 'refund',
        status: 'succeeded',
        amountMinor: 700,
        refundOf: postCharge.id,
        creator: expect.objectContaining(creatorSummary),
      }),
      expect.objectContaining({ kind: 'tip', status: 'failed', amountMinor: 500, failureMessage: expect.any(String) }),
      expect.objectContaining({ kind: 'paid_message', status: 'succeeded', amountMinor: 400, chatId }),
      expect.objectContaining({ kind: 'tip', status: 'succeeded', amountMinor: 300, chatId, tipMessage: 'Thanks!' }),
      expect.objectContaining({ kind: 'paid_post', status: 'succeeded', amountMinor: 700, postId: post.body.id, refunded: true }),
      expect.objectContaining({ kind: 'subscription', status: 'succeeded', amountMinor: 900, planName: 'Gold', refunded: false }),
    ]);

    // Two at a time, the same list.
    const first = await history('?limit=2');
    const second = await history(`?limit=2&cursor=${first.nextCursor}`);
    const third = await history(`?limit=2&cursor=${second.nextCursor}`);
    expect([...first.items, ...second.items, ...third.items].map((item) => item.id)).toEqual(
      all.items.map((item: { id: string }) => item.id),
    );
    expect(third.nextCursor).toBeNull();

    // Nobody else sees any of it.
    const other = await signUp(server, 'historyother');
    expect((await other.client.get('/api/me/payments')).body).toEqual({ items: [], nextCursor: null });
    expect((await member.client.get('/api/me/payments?limit=51')).body.type).toBe('validation_failed');
  });
});
