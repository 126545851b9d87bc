import { randomUUID } from 'node:crypto';
import { CHAT_EVENTS, DAY_MS, DEV_TEST_CARDS, MODERATION_NOTICE_EVENT, TIP_MAX_MINOR, userChannel } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActivePlan, signUp, subscribe, uniqueHandle } from '../../test/content-fixtures.js';
import { creatorWithPlan, expectLedgerBalances, memberPays, savedCard } from '../../test/money-fixtures.js';
import { subscribe as follow, openSocket } from '../../test/realtime-client.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { charges, ledgerEntries, messages, subscriptions as subscriptionsTable, tips } from '../db/schema.js';
import { collectPersonalData } from '../personal-data/collect.js';

/**
 * Tips: a member tips a creator on their profile or a post with a saved method, through the
 * charges module; the creator is told at once, earns it like any payment, and a refund takes it back.
 */

const ADMIN_EMAIL = 'tips-admin@example.com';

let server: TestServer;
let admin: ApiClient;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = new ApiClient(server);
  await admin.register(ADMIN_EMAIL, uniqueHandle('tipsadmin'));
  await admin.addAuthenticatorApp();
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  // Each admin refund asks for a fresh second factor.
  server?.advanceClock(16 * 60_000);
});

const db = () => server.context.database.db;

async function scene() {
  const creator = await signUp(server, 'tipped', { creator: true });
  const member = await signUp(server, 'tipper');
  const paymentMethodId = await savedCard(member.client);
  const tip = (body: Record<string, unknown>, creatorId = creator.id) =>
    member.client.post(`/api/creators/${creatorId}/tips`, {
      amountMinor: 500,
      currency: 'USD',
      paymentMethodId,
      idempotencyKey: randomUUID(),
      ...body,
    });
  return { creator, member, paymentMethodId, tip };
}

const chargesOf = (userId: string) => db().select().from(charges).where(eq(charges.userId, userId));

describe(`tips (${TEST_DRIVER})`, () => {
  it('charges a tip once per attempt, credits the creator and tells them at once, in the app and live', async () => {
    const { creator, member, tip } = await scene();
    const socket = openSocket(server, { cookie: creator.client.cookie });
    expect(await follow(socket, userChannel(creator.id))).toMatchObject({ type: 'subscribed' });

    const idempotencyKey = randomUUID();
    const given = await tip({ amountMinor: 750, message: '  For the sunsets!  ', idempotencyKey });
    expect(given.status).toBe(201);
    expect(given.body).toMatchObject({
      creatorId: creator.id,
      place: 'profile',
      postId: null,
      amountMinor: 750,
      currency: 'USD',
      message: 'For the sunsets!',
    });
    await socket.next((message) => message.type === 'event' && message.event === MODERATION_NOTICE_EVENT);

    // The same attempt again: the same tip, still one payment.
    const again = await tip({ amountMinor: 750, message: 'For the sunsets!', idempotencyKey });
    expect(again).toMatchObject({ status: 201, body: { id: given.body.id } });
    const paid = await chargesOf(member.id);
    expect(paid).toEqual([expect.objectContaining({ kind: 'tip', status: 'succeeded', amountMinor: 750, creatorId: creator.id })]);
    const entries = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.chargeId, paid[0]?.id as string));
    expect(entries.map((entry) => [entry.kind, entry.amountMinor]).sort()).toEqual([
      ['creator_earning', 600],
      ['payment', 750],
      ['platform_fee', 150],
    ]);
    await expectLedgerBalances(server);

    const notices = await creator.client.get('/api/me/moderation-notices');
    expect(notices.body.items[0]).toMatchObject({
      kind: 'tip_received',
      message: expect.stringContaining('tipped you $7.50: “For the sunsets!”'),
    });
    expect(notices.body.unread).toBe(1);
    // The member's data download holds the tip with what they wrote.
    const exported = await collectPersonalData(db(), member.id, new Date());
    expect(exported.payments).toEqual([
      expect.objectContaining({ kind: 'tip', amountMinor: 750, tipMessage: 'For the sunsets!', postId: null }),
    ]);
    socket.socket.close();
  });

  it('takes a tip on a post the member is shown, and refuses one on a post they cannot see or of another creator', async () => {
    const { creator, tip } = await scene();
    const open = await creator.client.post('/api/posts', { text: 'Golden hour', access: ['public'] });
    const hidden = await creator.client.post('/api/posts', { text: 'Mine only', access: ['private'] });
    const other = await signUp(server, 'othercreator', { creator: true });

    expect(await tip({ postId: open.body.id })).toMatchObject({ status: 201, body: { place: 'post', postId: open.body.id } });
    expect(await tip({ postId: hidden.body.id })).toMatchObject({ status: 404, body: { type: 'not_found' } });
    expect(await tip({ postId: open.body.id }, other.id)).toMatchObject({ status: 404, body: { type: 'not_found' } });
    const notices = await creator.client.get('/api/me/moderation-notices');
    expect(notices.body.items[0]).toMatchObject({
      kind: 'tip_received',
      postId: open.body.id,
      message: expect.stringContaining('on your post'),
    });
  });

  it('takes a tip in the member’s open chat with the creator, where it shows as their message, once, live to the creator', async () => {
    const { creator, member, tip } = await scene();
    const chatPlan = await createActivePlan(creator.client, 'With chat', 900, 'USD', { chat: true });
    await subscribe(server, member.id, chatPlan, new Date(Date.now() + 30 * DAY_MS));
    const chatId = (await member.client.post('/api/chats', { partnerId: creator.id })).body.id as string;
    const socket = openSocket(server, { cookie: creator.client.cookie });
    expect(await follow(socket, `chat:${chatId}`)).toMatchObject({ type: 'subscribed' });

    const idempotencyKey = randomUUID();
    const given = await tip({ amountMinor: 800, message: 'Loved the call', chatId, idempotencyKey });
    expect(given).toMatchObject({ status: 201, body: { place: 'chat', postId: null, amountMinor: 800 } });
    const created = await socket.next((message) => message.type === 'event' && message.event === CHAT_EVENTS.messageCreated);
    expect(created).toMatchObject({ data: { chatId, messageId: given.body.id, senderId: member.id } });
    expect((await tip({ amountMinor: 800, message: 'Loved the call', chatId, idempotencyKey })).status).toBe(201);

    // Both sides read it as the member's message carrying the tip; the creator's list shows it unread.
    const tipMessage = { id: given.body.id, senderId: member.id, text: 'Loved the call', tip: { amountMinor: 800, currency: 'USD' } };
    for (const client of [member.client, creator.client]) {
      const history = await client.get(`/api/chats/${chatId}/messages`);
      expect(history.body.items).toEqual([expect.objectContaining(tipMessage)]);
    }
    const creatorsChat = (await creator.client.get('/api/chats')).body.items[0];
    expect(creatorsChat).toMatchObject({ id: chatId, unread: 1, lastMessage: { tip: { amountMinor: 800, currency: 'USD' } } });
    expect(await db().select().from(messages).where(eq(messages.tipId, given.body.id))).toHaveLength(1);
    const notices = await creator.client.get('/api/me/moderation-notices');
    expect(notices.body.items[0].message).toContain('tipped you $8.00 in your chat: “Loved the call”');

    // Only the member's own chat with this creator, and only while they may write in it.
    const other = await signUp(server, 'otherchatcreator', { creator: true });
    expect(await tip({ chatId }, other.id)).toMatchObject({ status: 404, body: { type: 'not_found' } });
    expect(await tip({ chatId: 'no-such-chat' })).toMatchObject({ status: 404, body: { type: 'not_found' } });
    expect(await tip({ chatId, postId: 'some-post' })).toMatchObject({ status: 400, body: { type: 'validation_failed' } });
    await db()
      .update(subscriptionsTable)
      .set({ validUntil: new Date(Date.now() - DAY_MS) })
      .where(eq(subscriptionsTable.userId, member.id));
    expect(await tip({ chatId })).toMatchObject({ status: 403, body: { type: 'chat_read_only' } });
    expect((await tip({})).status).toBe(201);
    expect(await chargesOf(member.id)).toHaveLength(2);
    socket.socket.close();
  });

  it('follows the creator’s settings: their currency, their minimum, the platform’s maximum, or no tips at all', async () => {
    const { creator, member, tip } = await scene();
    const post = await creator.client.post('/api/posts', { text: 'Tip jar', access: ['public'] });
    /** Whether the post's card offers a tip, on its page and in the creator's posts. */
    const postTakesTips = async () => [
      (await member.client.get(`/api/posts/${post.body.id}`)).body.takesTips,
      (await member.client.get(`/api/users/${creator.id}/posts`)).body.items[0].takesTips,
    ];
    expect(await postTakesTips()).toEqual([true, true]);
    expect((await member.client.get(`/api/creators/${creator.id}/tip-settings`)).body).toEqual({
      enabled: true,
      currency: 'USD',
      minimumMinor: 100,
    });
    const settings = { enabled: true, currency: 'EUR', minimumMinor: 300 };
    expect(await creator.client.request('PUT', '/api/me/tip-settings', settings)).toMatchObject({ status: 200, body: settings });
    expect((await member.client.get(`/api/creators/${creator.id}/tip-settings`)).body).toEqual(settings);

    expect(await tip({ amountMinor: 500, currency: 'USD' })).toMatchObject({
      status: 422,
      body: { type: 'tip_amount_invalid', message: 'This creator takes tips in EUR.' },
    });
    expect(await tip({ amountMinor: 299, currency: 'EUR' })).toMatchObject({
      status: 422,
      body: { type: 'tip_amount_invalid', message: 'The smallest tip this creator takes is €3.00.' },
    });
    expect(await tip({ amountMinor: TIP_MAX_MINOR + 1, currency: 'EUR' })).toMatchObject({ status: 422 });
    expect(await tip({ amountMinor: 300, currency: 'EUR' })).toMatchObject({ status: 201 });

    expect(await postTakesTips()).toEqual([true, true]);

    await creator.client.request('PUT', '/api/me/tip-settings', { ...settings, enabled: false });
    expect(await tip({ amountMinor: 300, currency: 'EUR' })).toMatchObject({ status: 409, body: { type: 'tips_disabled' } });
    expect(await chargesOf(member.id)).toHaveLength(1);
    expect(await postTakesTips()).toEqual([false, false]);
  });

  it('refuses a tip to oneself, to a member, across a block, and settings from a member or out of bounds', async () => {
    const { creator, member, tip } = await scene();
    const selfCard = await savedCard(creator.client);
    const own = await creator.client.post(`/api/creators/${creator.id}/tips`, {
      amountMinor: 500,
      currency: 'USD',
      paymentMethodId: selfCard,
      idempotencyKey: randomUUID(),
    });
    expect(own).toMatchObject({ status: 400, body: { type: 'cannot_tip_self' } });
    const plainMember = await signUp(server, 'notacreator');
    expect(await tip({}, plainMember.id)).toMatchObject({ status: 404 });
    expect(await member.client.get(`/api/creators/${plainMember.id}/tip-settings`)).toMatchObject({ status: 404 });

    expect((await creator.client.request('PUT', `/api/users/${member.id}/block`)).status).toBeLessThan(300);
    expect(await tip({})).toMatchObject({ status: 404, body: { type: 'not_found' } });
    expect(await member.client.get(`/api/creators/${creator.id}/tip-settings`)).toMatchObject({ status: 404 });

    expect(await member.client.request('PUT', '/api/me/tip-settings', { enabled: true, currency: 'USD', minimumMinor: 100 })).toMatchObject(
      {
        status: 403,
      },
    );
    expect(await creator.client.request('PUT', '/api/me/tip-settings', { enabled: true, currency: 'USD', minimumMinor: 50 })).toMatchObject(
      {
        status: 400,
        body: { type: 'validation_failed' },
      },
    );
    expect(await tip({ amountMinor: 500, message: 'x'.repeat(301) }, plainMember.id)).toMatchObject({ status: 400 });
    expect(await chargesOf(member.id)).toHaveLength(0);
  });

  it('counts nothing for a declined card, and a refund takes a paid tip back out of the creator’s earnings', async () => {
    const { creator, member, tip } = await scene();
    const token = await member.client.post('/api/payments/dev/tokens', {
      type: 'card',
      number: DEV_TEST_CARDS.declined,
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
    });
    const declinedCard = (await member.client.post('/api/payment-methods', { token: token.body.token })).body.id as string;
    expect(await tip({ paymentMethodId: declinedCard })).toMatchObject({ status: 402, body: { type: 'payment_declined' } });
    const [declined] = await db().select().from(tips).where(eq(tips.userId, member.id));
    expect(declined?.paidAt).toBeNull();
    expect((await creator.client.get('/api/me/moderation-notices')).body.items).toEqual([]);

    const given = await tip({ amountMinor: 1000 });
    expect(given.status).toBe(201);
    const [charge] = (await chargesOf(member.id)).filter((row) => row.status === 'succeeded');
    const refunded = await admin.post(`/api/admin/payments/${charge?.id}/refund`, {
      reason: 'Sent by mistake',
      endsAccess: true,
      idempotencyKey: randomUUID(),
    });
    expect(refunded.status).toBe(200);
    const [tipRow] = await db().select().from(tips).where(eq(tips.id, given.body.id));
    expect(tipRow?.refundedAt).toBeInstanceOf(Date);
    await expectLedgerBalances(server);
  });

  it('counts tips in insights as their own source beside subscriptions, and a refund against the source it gives back', async () => {
    const creator = await creatorWithPlan(server, 1000);
    const chargeId = await memberPays(server, creator.planId);
    const tipper = await signUp(server, 'insighttipper');
    const card = await savedCard(tipper.client);
    const tipOf = (amountMinor: number) =>
      tipper.client.post(`/api/creators/${creator.id}/tips`, {
        amountMinor,
        currency: 'USD',
        paymentMethodId: card,
        idempotencyKey: randomUUID(),
      });
    expect((await tipOf(500)).status).toBe(201);
    expect((await tipOf(1500)).status).toBe(201);
    // The subscription's payment is refunded: it leaves the subscriptions' share, not the tips'.
    const refunded = await admin.post(`/api/admin/payments/${chargeId}/refund`, {
      reason: 'Asked',
      endsAccess: true,
      idempotencyKey: randomUUID(),
    });
    expect(refunded.status).toBe(200);
    expect((await tipOf(300)).status).toBe(201);

    // Read from the daily rows (the creator's own zone) and from the entries (another zone): the same answer.
    for (const tz of ['UTC', 'Pacific/Auckland']) {
      const earnings = await creator.client.get(`/api/creators/${creator.id}/insights/earnings?range=30d&tz=${encodeURIComponent(tz)}`);
      expect(earnings.status).toBe(200);
      expect(earnings.body.currencies[0].bySource, tz).toEqual([
        { source: 'subscriptions', netMinor: 0 },
        { source: 'messages', netMinor: 0 },
        { source: 'tips', netMinor: 1840 },
        { source: 'posts', netMinor: 0 },
      ]);
    }
  });
});
