import { DAY_MS, DEV_TEST_CARDS, generateId } from '@aurum/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivePlan, insertMediaRow, signUp, subscribe } from '../../test/content-fixtures.js';
import { subscribe as follow, openSocket } from '../../test/realtime-client.js';
import { type ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { charges, ledgerEntries, messageUnlocks } from '../db/schema.js';

/**
 * Pay-per-view messages: a creator prices a message with media; the member sees it blurred
 * with the price until they pay through the charges module, and then only they see it in full.
 * (The bytes themselves are covered by the media leak test, a crash by the chat crash test.)
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A creator with a chat plan and a member subscribed to it. */
async function pair() {
  const creator = await signUp(server, 'seller', { creator: true });
  const chatPlan = await createActivePlan(creator.client, 'With chat', 900, 'USD', { chat: true });
  const member = await signUp(server, 'buyer');
  await subscribe(server, member.id, chatPlan, new Date(Date.now() + 30 * DAY_MS));
  return { creator, member };
}

/** A saved card of the member's at the development provider. */
async function savedCard(client: ApiClient, number: string = DEV_TEST_CARDS.succeeds): Promise<string> {
  const token = await client.post('/api/payments/dev/tokens', { type: 'card', number, expMonth: 12, expYear: 2099, cvc: '123' });
  const method = await client.post('/api/payment-methods', { token: token.body.token });
  expect(method.status).toBe(201);
  return method.body.id as string;
}

const attemptKey = () => generateId().padEnd(24, '0');

describe(`paid messages (${TEST_DRIVER})`, () => {
  async function openChat() {
    const { creator, member } = await pair();
    const chatId = (await member.client.post('/api/chats', { partnerId: creator.id })).body.id as string;
    return { creator, member, chatId };
  }

  async function sendPaid(creator: { id: string; client: ApiClient }, chatId: string, amountMinor = 700) {
    const photos = [await insertMediaRow(server, creator.id), await insertMediaRow(server, creator.id)];
    const sent = await creator.client.post(`/api/chats/${chatId}/messages`, {
      id: generateId(),
      text: 'Just for you',
      mediaIds: photos,
      price: { amountMinor, currency: 'USD' },
    });
    expect(sent.status).toBe(200);
    return sent.body;
  }

  async function paidScene(amountMinor = 700) {
    const { creator, member, chatId } = await openChat();
    return { creator, member, chatId, message: await sendPaid(creator, chatId, amountMinor) };
  }

  it('shows the recipient blurred media and the price until they pay; the sender sees everything', async () => {
    const { creator, member, chatId, message } = await paidScene();
    expect(message).toMatchObject({ price: { amountMinor: 700, currency: 'USD' }, unlocked: true, paid: false });
    expect(message.media).toHaveLength(2);
    for (const item of message.media) expect(Object.keys(item.urls).sort()).toEqual(['blur', 'blurThumb', 'playable', 'thumb']);

    const seen = (await member.client.get(`/api/chats/${chatId}/messages`)).body.items[0];
    expect(seen).toMatchObject({
      id: message.id,
      text: 'Just for you',
      price: { amountMinor: 700, currency: 'USD' },
      unlocked: false,
      paid: false,
    });
    for (const item of seen.media) expect(Object.keys(item.urls).sort()).toEqual(['blur', 'blurThumb']);
    // The sender's history says the same as the send's answer.
    expect((await creator.client.get(`/api/chats/${chatId}/messages`)).body.items[0]).toEqual(message);
    // Both sides' chat lists show the price beside the last message.
    for (const client of [member.client, creator.client])
      expect((await client.get('/api/chats')).body.items[0].lastMessage).toMatchObject({
        id: message.id,
        mediaCount: 2,
        price: { amountMinor: 700, currency: 'USD' },
      });
  });

  it("names a new paid message on the chat's channel without any of it, and each side reads it as they see it", async () => {
    const { creator, member, chatId } = await openChat();
    const sockets = [openSocket(server, { cookie: creator.client.cookie }), openSocket(server, { cookie: member.client.cookie })];
    for (const socket of sockets) expect(await follow(socket, `chat:${chatId}`)).toMatchObject({ type: 'subscribed' });
    const message = await sendPaid(creator, chatId);

    for (const socket of sockets) {
      const created = await socket.next((m) => m.type === 'event' && m.event === 'message.created');
      expect(created).toEqual({
        type: 'event',
        channel: `chat:${chatId}`,
        event: 'message.created',
        data: { chatId, messageId: message.id, senderId: creator.id },
      });
      socket.socket.close();
    }
    const memberView = await member.client.get(`/api/chats/${chatId}/messages/${message.id}`);
    expect(memberView.body).toMatchObject({
      id: message.id,
      text: 'Just for you',
      unlocked: false,
      paid: false,
      price: { amountMinor: 700 },
    });
    for (const item of memberView.body.media) expect(Object.keys(item.urls).sort()).toEqual(['blur', 'blurThumb']);
    expect((await creator.client.get(`/api/chats/${chatId}/messages/${message.id}`)).body).toEqual(message);

    // Only through its own chat: a chat someone else is in does not lead to it.
    const other = await openChat();
    expect((await other.creator.client.get(`/api/chats/${other.chatId}/messages/${message.id}`)).status).toBe(404);
    expect((await member.client.get(`/api/chats/${chatId}/messages/${'x'.repeat(65)}`)).body.type).toBe('validation_failed');
  });

  it('refuses a price without media, out of bounds, or from a member; and nothing to unlock on free or own messages', async () => {
    const { creator, member, chatId, message } = await paidScene();
    const priced = (client: ApiClient, body: Record<string, unknown>) =>
      client.post(`/api/chats/${chatId}/messages`, { id: generateId(), price: { amountMinor: 500, currency: 'USD' }, ...body });
    expect((await priced(creator.client, { text: 'no media' })).status).toBe(400);
    expect(
      (await priced(creator.client, { mediaIds: [await insertMediaRow(server, creator.id)], price: { amountMinor: 50, currency: 'USD' } }))
        .status,
    ).toBe(400);
    expect(await priced(member.client, { mediaIds: [await insertMediaRow(server, member.id)] })).toMatchObject({
      status: 403,
      body: { type: 'creator_required' },
    });
    const free = await creator.client.post(`/api/chats/${chatId}/messages`, {
      id: generateId(),
      mediaIds: [await insertMediaRow(server, creator.id)],
    });
    expect(free.body).toMatchObject({ price: null, unlocked: true });
    const methodId = await savedCard(member.client);
    const unlock = (client: ApiClient, messageId: string) =>
      client.post(`/api/chats/${chatId}/messages/${messageId}/unlock`, { paymentMethodId: methodId, idempotencyKey: attemptKey() });
    expect(await unlock(member.client, free.body.id)).toMatchObject({ status: 409, body: { type: 'message_not_for_sale' } });
    expect(await unlock(creator.client, message.id)).toMatchObject({ status: 409, body: { type: 'message_not_for_sale' } });
    const stranger = await signUp(server, 'outsider');
    expect((await unlock(stranger.client, message.id)).status).toBe(404);
    // Another member's method is not the payer's.
    const otherMethod = await savedCard(stranger.client);
    expect(
      (
        await member.client.post(`/api/chats/${chatId}/messages/${message.id}/unlock`, {
          paymentMethodId: otherMethod,
          idempotencyKey: attemptKey(),
        })
      ).status,
    ).toBe(404);
  });

  it('charges once through the charges module, with ledger entries, unlocks for the payer only, and tells the chat live', async () => {
    const { creator, member, chatId, message } = await paidScene(700);
    const methodId = await savedCard(member.client);
    const creatorSocket = openSocket(server, { cookie: creator.client.cookie });
    expect(await follow(creatorSocket, `chat:${chatId}`)).toMatchObject({ type: 'subscribed' });

    const key = attemptKey();
    const body = { paymentMethodId: methodId, idempotencyKey: key };
    const url = `/api/chats/${chatId}/messages/${message.id}/unlock`;
    const [first, second] = await Promise.all([member.client.post(url, body), member.client.post(url, body)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body).toMatchObject({ id: message.id, unlocked: true, paid: true, price: { amountMinor: 700 } });
    for (const item of first.body.media) expect(Object.keys(item.urls).sort()).toEqual(['blur', 'blurThumb', 'playable', 'thumb']);
    // The same attempt again returns the first outcome; a new attempt is refused: it is paid.
    expect((await member.client.post(url, body)).status).toBe(200);
    expect(await member.client.post(url, { paymentMethodId: methodId, idempotencyKey: attemptKey() })).toMatchObject({
      status: 409,
      body: { type: 'message_already_unlocked' },
    });

    const db = server.context.database.db;
    const paid = await db
      .select()
      .from(charges)
      .where(and(eq(charges.userId, member.id), eq(charges.kind, 'paid_message')));
    expect(paid.map((charge) => [charge.status, charge.amountMinor, charge.currency, charge.messageId, charge.creatorId])).toEqual([
      ['succeeded', 700, 'USD', message.id, creator.id],
    ]);
    const entries = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.chargeId, paid[0]?.id as string));
    expect(entries.map((entry) => entry.kind).sort()).toEqual(['creator_earning', 'payment', 'platform_fee'].sort());
    expect(await db.select().from(messageUnlocks).where(eq(messageUnlocks.messageId, message.id))).toEqual([
      expect.objectContaining({ userId: member.id, chargeId: paid[0]?.id }),
    ]);

    expect(await creatorSocket.next((m) => m.type === 'event' && m.event === 'message.unlocked')).toMatchObject({
      channel: `chat:${chatId}`,
      data: { messageId: message.id, userId: member.id },
    });
    creatorSocket.socket.close();
    // The creator sees the message was paid for, in the history and reading the one message the event named.
    for (const client of [creator.client, member.client]) {
      const history = (await client.get(`/api/chats/${chatId}/messages`)).body.items[0];
      expect(history).toMatchObject({ id: message.id, paid: true, unlocked: true });
      expect((await client.get(`/api/chats/${chatId}/messages/${message.id}`)).body).toEqual(history);
    }
  });

  it('keeps the media locked when the payment is declined, and lets the member pay with another card', async () => {
    const { member, chatId, message } = await paidScene();
    const declined = await savedCard(member.client, DEV_TEST_CARDS.declined);
    const url = `/api/chats/${chatId}/messages/${message.id}/unlock`;
    expect(await member.client.post(url, { paymentMethodId: declined, idempotencyKey: attemptKey() })).toMatchObject({
      status: 402,
      body: { type: 'payment_declined' },
    });
    const seen = (await member.client.get(`/api/chats/${chatId}/messages`)).body.items[0];
    expect(seen).toMatchObject({ unlocked: false, paid: false });
    const good = await savedCard(member.client);
    expect((await member.client.post(url, { paymentMethodId: good, idempotencyKey: attemptKey() })).body).toMatchObject({ unlocked: true });
  });
});
