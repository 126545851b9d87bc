import { randomUUID } from 'node:crypto';
import { MODERATION_NOTICE_EVENT, userChannel } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { follow, insertMediaRow, signUp, uniqueHandle } from '../../test/content-fixtures.js';
import { expectLedgerBalances, savedCard } from '../../test/money-fixtures.js';
import { subscribe as listen, openSocket } from '../../test/realtime-client.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { charges, ledgerEntries, postPurchases } from '../db/schema.js';
import { collectPersonalData } from '../personal-data/collect.js';

/**
 * Posts sold on their own: a creator prices a post; a member who is not let in by its access
 * list sees it locked with its price, buys it through the charges module and reads it; a refund
 * locks it again. (The bytes are covered by the media leak test.)
 */

const ADMIN_EMAIL = 'post-sales-admin@example.com';
const PRICE = { amountMinor: 700, currency: 'USD' };

let server: TestServer;
let admin: ApiClient;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = new ApiClient(server);
  await admin.register(ADMIN_EMAIL, uniqueHandle('salesadmin'));
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

/** A creator's photo post sold for 7.00 (followers see it free), and a member with a saved card. */
async function scene(post: Record<string, unknown> = {}) {
  const creator = await signUp(server, 'seller', { creator: true });
  const photo = await insertMediaRow(server, creator.id);
  const created = await creator.client.post('/api/posts', {
    text: 'The whole set',
    mediaIds: [photo],
    access: ['follower'],
    price: PRICE,
    ...post,
  });
  expect(created.status).toBe(201);
  const member = await signUp(server, 'buyer');
  const paymentMethodId = await savedCard(member.client);
  const buy = (body: Record<string, unknown> = {}, postId: string = created.body.id) =>
    member.client.post(`/api/posts/${postId}/purchase`, { paymentMethodId, idempotencyKey: randomUUID(), price: PRICE, ...body });
  return { creator, member, postId: created.body.id as string, buy, paymentMethodId };
}

describe(`posts sold on their own (${TEST_DRIVER})`, () => {
  it('shows the post locked with its price; once bought, once per attempt, the buyer reads it and the creator is told', async () => {
    const { creator, member, postId, buy } = await scene();
    const locked = await member.client.get(`/api/posts/${postId}`);
    expect(locked.body).toMatchObject({ locked: true, text: null, price: PRICE, unlock: { follow: true, plan: null, price: PRICE } });
    expect(Object.keys(locked.body.media[0].urls).sort()).toEqual(['blur', 'blurThumb']);
    const socket = openSocket(server, { cookie: creator.client.cookie });
    expect(await listen(socket, userChannel(creator.id))).toMatchObject({ type: 'subscribed' });

    const idempotencyKey = randomUUID();
    const bought = await buy({ idempotencyKey });
    expect(bought.status).toBe(200);
    expect(bought.body).toMatchObject({ id: postId, locked: false, accessLevel: 'purchased', text: 'The whole set', unlock: null });
    expect(bought.body.media[0].urls.playable).toBeDefined();
    expect((await member.client.get(`/api/posts/${postId}`)).body.accessLevel).toBe('purchased');
    // The same attempt again: the same answer, still one payment.
    expect(await buy({ idempotencyKey })).toMatchObject({ status: 200, body: { accessLevel: 'purchased' } });
    // Bought once, it cannot be bought again.
    expect(await buy()).toMatchObject({ status: 409, body: { type: 'post_already_unlocked' } });

    const paid = await db().select().from(charges).where(eq(charges.userId, member.id));
    expect(paid).toEqual([expect.objectContaining({ kind: 'paid_post', status: 'succeeded', amountMinor: 700, postId })]);
    const entries = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.chargeId, paid[0]?.id as string));
    expect(entries.map((entry) => [entry.kind, entry.amountMinor]).sort()).toEqual([
      ['creator_earning', 560],
      ['payment', 700],
      ['platform_fee', 140],
    ]);
    await expectLedgerBalances(server);

    await socket.next((message) => message.type === 'event' && message.event === MODERATION_NOTICE_EVENT);
    const notices = await creator.client.get('/api/me/moderation-notices');
    expect(notices.body.items[0]).toMatchObject({
      kind: 'post_sold',
      postId,
      message: expect.stringContaining('bought your post for $7.00'),
    });
    const earnings = await creator.client.get(`/api/creators/${creator.id}/insights/earnings?range=30d&tz=UTC`);
    expect(earnings.body.currencies[0].bySource).toContainEqual({ source: 'posts', netMinor: 560 });
    const exported = await collectPersonalData(db(), member.id, new Date());
    expect(exported.payments).toEqual([expect.objectContaining({ kind: 'paid_post', amountMinor: 700, postId })]);

    // The creator stops selling it: what was bought stays the buyer's.
    expect((await creator.client.request('PATCH', `/api/posts/${postId}`, { price: null })).status).toBe(200);
    expect((await member.client.get(`/api/posts/${postId}`)).body).toMatchObject({ accessLevel: 'purchased', price: null });
    socket.socket.close();
  });

  it('refuses a post not for sale, already readable, hidden, at another price, or with a key of another purchase', async () => {
    const { creator, member, postId, buy } = await scene();
    const free = await creator.client.post('/api/posts', { text: 'Members only', access: ['subscription'] });
    expect(await buy({}, free.body.id)).toMatchObject({ status: 409, body: { type: 'post_not_for_sale' } });
    const hidden = await creator.client.post('/api/posts', { text: 'Mine', access: ['private'] });
    expect(await buy({}, hidden.body.id)).toMatchObject({ status: 404, body: { type: 'not_found' } });
    expect(await buy({ price: { amountMinor: 500, currency: 'USD' } })).toMatchObject({
      status: 409,
      body: { type: 'post_price_changed' },
    });

    const ownCard = await savedCard(creator.client);
    const own = await creator.client.post(`/api/posts/${postId}/purchase`, {
      paymentMethodId: ownCard,
      idempotencyKey: randomUUID(),
      price: PRICE,
    });
    expect(own).toMatchObject({ status: 409, body: { type: 'post_already_unlocked' } });
    // A follower reads it free: nothing to buy.
    await follow(server, member.id, creator.id);
    expect(await buy()).toMatchObject({ status: 409, body: { type: 'post_already_unlocked' } });

    const other = await scene();
    const key = randomUUID();
    expect((await other.buy({ idempotencyKey: key })).status).toBe(200);
    const reused = await other.member.client.post(`/api/posts/${free.body.id}/purchase`, {
      paymentMethodId: other.paymentMethodId,
      idempotencyKey: key,
      price: PRICE,
    });
    expect(reused).toMatchObject({ status: 409, body: { type: 'purchase_key_reused' } });
    expect(await db().select().from(charges).where(eq(charges.userId, member.id))).toEqual([]);
  });

  it('sells no post everyone or no one can see', async () => {
    const creator = await signUp(server, 'pricer', { creator: true });
    expect(await creator.client.post('/api/posts', { text: 'Open', access: ['public'], price: PRICE })).toMatchObject({
      status: 400,
      body: { type: 'validation_failed' },
    });
    const post = await creator.client.post('/api/posts', { text: 'Open', access: ['public'] });
    expect(await creator.client.request('PATCH', `/api/posts/${post.body.id}`, { price: PRICE })).toMatchObject({
      status: 400,
      body: { type: 'validation_failed', message: 'A post everyone can see cannot also be sold.' },
    });
    expect(
      (await creator.client.request('PATCH', `/api/posts/${post.body.id}`, { access: ['follower'], price: PRICE })).body,
    ).toMatchObject({
      price: PRICE,
    });
  });

  it('a refund locks the post again, and the member may buy it anew', async () => {
    const { member, postId, buy } = await scene();
    expect((await buy()).status).toBe(200);
    const [charge] = await db().select().from(charges).where(eq(charges.userId, member.id));
    const refunded = await admin.post(`/api/admin/payments/${charge?.id}/refund`, {
      reason: 'Bought by mistake',
      endsAccess: true,
      idempotencyKey: randomUUID(),
    });
    expect(refunded.status).toBe(200);
    expect((await member.client.get(`/api/posts/${postId}`)).body).toMatchObject({ locked: true, text: null, accessLevel: 'locked' });
    expect(await db().select().from(postPurchases).where(eq(postPurchases.userId, member.id))).toEqual([]);
    await expectLedgerBalances(server);
    expect(await buy()).toMatchObject({ status: 200, body: { accessLevel: 'purchased' } });
  });
});
