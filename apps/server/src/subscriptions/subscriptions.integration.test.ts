import { randomUUID } from 'node:crypto';
import { DAY_MS, DEV_TEST_CARDS } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivePlan, insertMediaRow, signUp } from '../../test/content-fixtures.js';
import { type ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { charges, devPaymentTokens, ledgerEntries, paymentMethods } from '../db/schema.js';
import type { DevPaymentProvider } from '../payments/dev-provider.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.context.database.db;
const devProvider = () => server.context.payments.provider as DevPaymentProvider;

/** Saves a card the way the browser does: details to the dev token endpoint, the token to payment methods. */
async function addCard(client: ApiClient, number: string = DEV_TEST_CARDS.succeeds) {
  const token = await client.post('/api/payments/dev/tokens', { type: 'card', number, expMonth: 12, expYear: 2099, cvc: '123' });
  expect(token.status).toBe(201);
  const method = await client.post('/api/payment-methods', { token: token.body.token });
  expect(method.status).toBe(201);
  return method.body.id as string;
}

/** A creator with an active plan and a post only that plan's subscribers can see, with one image. */
async function creatorWithPlanPost(priceMinor = 500) {
  const creator = await signUp(server, 'seller', { creator: true });
  const planId = await createActivePlan(creator.client, 'Gold', priceMinor);
  const mediaId = await insertMediaRow(server, creator.id);
  const post = await creator.client.post('/api/posts', { text: 'members only', access: [planId], mediaIds: [mediaId] });
  expect(post.status).toBe(201);
  return { creator, planId, postId: post.body.id as string };
}

/** Moves the clock on, with the members active in between so their 30-day sessions stay alive. */
async function passTime(ms: number, ...members: ApiClient[]) {
  for (let left = ms; left > 0; left -= 20 * DAY_MS) {
    server.advanceClock(Math.min(left, 20 * DAY_MS));
    for (const member of members) await member.get('/api/me');
  }
}

const subscribe = (client: ApiClient, planId: string, paymentMethodId: string, idempotencyKey = randomUUID()) =>
  client.post('/api/subscriptions', { planId, paymentMethodId, idempotencyKey });

async function chargesOf(subscriptionId: string) {
  return db().select().from(charges).where(eq(charges.subscriptionId, subscriptionId)).orderBy(charges.createdAt);
}

/**
 * Runs the renewal sweep and waits until the subscription has no charge in flight. The
 * server's own scheduled sweep may have taken the renewal first; moving the clock on before
 * it settles would date its outcome a day late.
 */
async function renewDue(subscriptionId: string) {
  await server.context.renewals.renewDue();
  await expect.poll(async () => (await chargesOf(subscriptionId)).filter((charge) => charge.status === 'pending').length).toBe(0);
}

describe(`payment methods (${TEST_DRIVER})`, () => {
  it('saves cards and PayPal accounts by token, shows them as the spec says, and keeps no card number', async () => {
    const member = await signUp(server, 'wallet');
    const card = await addCard(member.client, '4242 4242 4242 4242');
    const paypal = await member.client.post('/api/payment-methods', {
      token: (await member.client.post('/api/payments/dev/tokens', { type: 'paypal', email: 'payer@example.com' })).body.token,
    });
    const list = (await member.client.get('/api/payment-methods')).body.items;
    expect(list.map((method: any) => [method.displayText, method.isDefault])).toEqual([
      ['Credit Card ending in 4242', true],
      ['PayPal - payer@example.com', false],
    ]);
    expect(list[0]).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2099 });

    const stored = JSON.stringify([await db().select().from(paymentMethods), await db().select().from(devPaymentTokens)]);
    expect(stored).not.toContain('4242424242424242');

    expect((await member.client.request('PUT', `/api/payment-methods/${paypal.body.id}/default`)).body.isDefault).toBe(true);
    expect((await member.client.get(`/api/payment-methods/${card}`)).body.isDefault).toBe(false);
    // Removing the default makes the remaining method the default.
    expect((await member.client.delete(`/api/payment-methods/${paypal.body.id}`)).status).toBe(204);
    expect((await member.client.get('/api/payment-methods')).body.items).toEqual([expect.objectContaining({ id: card, isDefault: true })]);
    expect((await member.client.get(`/api/payment-methods/${paypal.body.id}`)).status).toBe(404);

    const stranger = await signUp(server, 'thief');
    expect((await stranger.client.get(`/api/payment-methods/${card}`)).status).toBe(404);
    expect((await stranger.client.delete(`/api/payment-methods/${card}`)).status).toBe(404);
  });

  it('refuses card numbers that fail the checksum, expired cards and unknown tokens', async () => {
    const member = await signUp(server, 'typo');
    const token = (body: object) =>
      member.client.post('/api/payments/dev/tokens', { type: 'card', expMonth: 1, expYear: 2099, cvc: '123', ...body });
    expect((await token({ number: '4242424242424241' })).body.type).toBe('card_invalid');
    expect((await token({ number: '4242424242424242', expYear: 2020 })).body.type).toBe('card_expired');
    const unknown = await member.client.post('/api/payment-methods', { token: 'devtok_nothing' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.type).toBe('payment_method_rejected');
  });
});

describe(`subscribing (${TEST_DRIVER})`, () => {
  it('charges the good card, starts a 30-day renewing subscription and unlocks the plan’s posts and original media', async () => {
    const { creator, planId, postId } = await creatorWithPlanPost(500);
    const fan = await signUp(server, 'buyer');
    const locked = (await fan.client.get(`/api/posts/${postId}`)).body;
    expect(locked).toMatchObject({ locked: true, text: null });
    expect(locked.media[0].urls.playable).toBeUndefined();

    const before = server.context.now().getTime();
    const method = await addCard(fan.client);
    const created = await subscribe(fan.client, planId, method);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'active',
      active: true,
      autoRenew: true,
      plan: { id: planId, priceMinor: 500, currency: 'USD' },
      creator: { userId: creator.id },
      paymentMethod: { id: method, displayText: 'Credit Card ending in 4242' },
    });
    const validFor = Date.parse(created.body.validUntil) - before;
    expect(validFor).toBeGreaterThanOrEqual(30 * DAY_MS);
    expect(validFor).toBeLessThan(30 * DAY_MS + 60_000);
    expect(created.body.paidAt).not.toBeNull();

    const unlocked = (await fan.client.get(`/api/posts/${postId}`)).body;
    expect(unlocked).toMatchObject({ locked: false, text: 'members only', accessLevel: 'subscription' });
    expect(unlocked.media[0].urls.playable).toBeDefined();

    const me = (await fan.client.get('/api/me')).body;
    expect(me.subscriptions).toEqual([expect.objectContaining({ id: created.body.id, creatorId: creator.id, planId, autoRenew: true })]);
    expect((await fan.client.get('/api/subscriptions')).body.items.map((sub: any) => sub.id)).toEqual([created.body.id]);
    expect((await creator.client.get(`/api/subscriptions/${created.body.id}`)).status).toBe(404);
  });

  it('never charges twice for one attempt, and refuses a second subscription to the same creator', async () => {
    const { planId } = await creatorWithPlanPost(700);
    const fan = await signUp(server, 'doubletap');
    const method = await addCard(fan.client);
    const chargedBefore = await devProvider().succeededCharges();
    const key = randomUUID();
    const [first, second] = await Promise.all([subscribe(fan.client, planId, method, key), subscribe(fan.client, planId, method, key)]);
    const third = await subscribe(fan.client, planId, method, key);
    for (const answer of [first, second, third]) expect(answer.status).toBe(201);
    expect(new Set([first.body.id, second.body.id, third.body.id]).size).toBe(1);
    expect(await devProvider().succeededCharges()).toBe(chargedBefore + 1);
    expect(await chargesOf(first.body.id)).toHaveLength(1);

    const again = await subscribe(fan.client, planId, method);
    expect(again.status).toBe(409);
    expect(again.body.type).toBe('already_subscribed');
  });

  it('leaves the post locked when the card is declined, and answers the same for the same attempt', async () => {
    const { planId, postId } = await creatorWithPlanPost();
    const fan = await signUp(server, 'declined');
    const method = await addCard(fan.client, DEV_TEST_CARDS.declined);
    const key = randomUUID();
    const declined = await subscribe(fan.client, planId, method, key);
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ type: 'payment_declined', message: 'Your card was declined.' });
    expect((await subscribe(fan.client, planId, method, key)).status).toBe(402);
    expect((await fan.client.get(`/api/posts/${postId}`)).body.locked).toBe(true);
    expect((await fan.client.get('/api/subscriptions')).body.items).toEqual([]);
    // The declined card is no longer the default: the next card added is, and the next payment starts with it.
    const defaults = async () => (await fan.client.get('/api/payment-methods')).body.items.map((item: any) => [item.id, item.isDefault]);
    expect(await defaults()).toEqual([[method, false]]);
    const good = await addCard(fan.client);
    expect(await defaults()).toEqual([
      [good, true],
      [method, false],
    ]);
    // A new attempt with a good card goes through.
    expect((await subscribe(fan.client, planId, good)).status).toBe(201);
  });

  it('hands the default on from a card declined after it was made the default', async () => {
    const { planId } = await creatorWithPlanPost();
    const fan = await signUp(server, 'switcher');
    const good = await addCard(fan.client);
    const token = await fan.client.post('/api/payments/dev/tokens', {
      type: 'card',
      number: DEV_TEST_CARDS.declined,
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
    });
    const bad = (await fan.client.post('/api/payment-methods', { token: token.body.token, makeDefault: true })).body;
    expect(bad.isDefault).toBe(true);
    expect((await subscribe(fan.client, planId, bad.id)).status).toBe(402);
    expect((await fan.client.get(`/api/payment-methods/${good}`)).body.isDefault).toBe(true);
    expect((await fan.client.get(`/api/payment-methods/${bad.id}`)).body.isDefault).toBe(false);
  });

  it('refuses missing and inactive plans, one’s own plan, and someone else’s payment method', async () => {
    const { creator, planId } = await creatorWithPlanPost();
    const fan = await signUp(server, 'picky');
    const method = await addCard(fan.client);
    expect((await subscribe(fan.client, 'no-such-plan', method)).body.type).toBe('plan_unavailable');
    await creator.client.post(`/api/plans/${planId}/deactivate`);
    const inactive = await subscribe(fan.client, planId, method);
    expect(inactive.status).toBe(404);
    expect(inactive.body.type).toBe('plan_unavailable');
    await creator.client.post(`/api/plans/${planId}/activate`);
    expect((await subscribe(creator.client, planId, await addCard(creator.client))).body.type).toBe('cannot_subscribe_to_self');
    const other = await signUp(server, 'borrower');
    expect((await subscribe(other.client, planId, method)).status).toBe(404);
  });

  it('records the payment, the platform fee and the creator’s earning in the ledger', async () => {
    const { creator, planId } = await creatorWithPlanPost(999);
    const fan = await signUp(server, 'ledger');
    const sub = (await subscribe(fan.client, planId, await addCard(fan.client))).body;
    const [charge] = await chargesOf(sub.id);
    const entries = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.chargeId, charge?.id ?? ''));
    const byKind = Object.fromEntries(entries.map((entry) => [entry.kind, entry]));
    expect(byKind.payment).toMatchObject({ amountMinor: 999, currency: 'USD', userId: fan.id });
    expect(byKind.platform_fee).toMatchObject({ amountMinor: 200, userId: null });
    expect(byKind.creator_earning).toMatchObject({ amountMinor: 799, userId: creator.id });
    expect((await creator.client.get('/api/me/earnings')).body).toEqual({
      balances: [{ currency: 'USD', earnedMinor: 799, payments: 1 }],
      platformFeePercent: 20,
    });
    expect((await fan.client.get('/api/me/earnings')).status).toBe(403);
  });
});

describe(`managing a subscription (${TEST_DRIVER})`, () => {
  it('cancel keeps access until valid_until, then access ends and nothing is charged', async () => {
    const { planId, postId } = await creatorWithPlanPost();
    const fan = await signUp(server, 'leaver');
    const sub = (await subscribe(fan.client, planId, await addCard(fan.client))).body;
    const canceled = await fan.client.post(`/api/subscriptions/${sub.id}/cancel`);
    expect(canceled.body).toMatchObject({ status: 'canceled', autoRenew: false, active: true, nextRenewalAt: null });
    expect((await fan.client.get(`/api/posts/${postId}`)).body.locked).toBe(false);

    await passTime(30 * DAY_MS + 60_000, fan.client);
    await renewDue(sub.id);
    expect((await fan.client.get(`/api/posts/${postId}`)).body.locked).toBe(true);
    expect((await fan.client.get(`/api/subscriptions/${sub.id}`)).body).toMatchObject({ status: 'expired', active: false });
    expect(await chargesOf(sub.id)).toHaveLength(1);
    // Over: subscribing again is a new subscription.
    const renewedByHand = await subscribe(fan.client, planId, (await fan.client.get('/api/payment-methods')).body.items[0].id);
    expect(renewedByHand.status).toBe(201);
    expect(renewedByHand.body.id).not.toBe(sub.id);
  });

  it('renews a day before the end, extending by 30 days from the old end', async () => {
    const { planId } = await creatorWithPlanPost(400);
    const fan = await signUp(server, 'stayer');
    const sub = (await subscribe(fan.client, planId, await addCard(fan.client))).body;
    await passTime(29 * DAY_MS + 60_000, fan.client);
    await renewDue(sub.id);
    await expect.poll(async () => (await chargesOf(sub.id)).map((charge) => charge.status)).toEqual(['succeeded', 'succeeded']);
    const renewed = (await fan.client.get(`/api/subscriptions/${sub.id}`)).body;
    expect(Date.parse(renewed.validUntil) - Date.parse(sub.validUntil)).toBe(30 * DAY_MS);
    expect(renewed).toMatchObject({ status: 'active', renewalFailedAt: null });
  });

  it('retries a failed renewal, tells the member, and lapses for good after the grace period', async () => {
    const { planId, postId } = await creatorWithPlanPost();
    const fan = await signUp(server, 'brokecard');
    const email = (await fan.client.get('/api/me')).body.email as string;
    const sub = (await subscribe(fan.client, planId, await addCard(fan.client, DEV_TEST_CARDS.failsOnRenewal))).body;

    await passTime(29 * DAY_MS + 60_000, fan.client);
    await renewDue(sub.id);
    await expect.poll(async () => (await fan.client.get(`/api/subscriptions/${sub.id}`)).body.status).toBe('past_due');
    expect((await server.smtp.nextMailTo(email)).subject).toMatch(/did not go through/);
    // Still paid up for one more day.
    expect((await fan.client.get(`/api/posts/${postId}`)).body.locked).toBe(false);

    for (let day = 0; day < 5; day++) {
      await passTime(DAY_MS + 60_000, fan.client);
      await renewDue(sub.id);
    }
    await expect.poll(async () => (await fan.client.get(`/api/subscriptions/${sub.id}`)).body.status).toBe('expired');
    expect((await fan.client.get(`/api/posts/${postId}`)).body.locked).toBe(true);
    const failures = (await chargesOf(sub.id)).filter((charge) => charge.status === 'failed');
    expect(failures.length).toBeGreaterThanOrEqual(4);
    const ended = await fan.client.request('PUT', `/api/subscriptions/${sub.id}/payment-method`, {
      paymentMethodId: await addCard(fan.client),
    });
    expect(ended.status).toBe(409);
    expect(ended.body.type).toBe('subscription_ended');
  });

  it('a new payment method retries a past-due renewal at once', async () => {
    const { planId, postId } = await creatorWithPlanPost();
    const fan = await signUp(server, 'fixer');
    const sub = (await subscribe(fan.client, planId, await addCard(fan.client, DEV_TEST_CARDS.failsOnRenewal))).body;
    await passTime(30 * DAY_MS + 60_000, fan.client);
    await renewDue(sub.id);
    await expect.poll(async () => (await fan.client.get(`/api/subscriptions/${sub.id}`)).body.status).toBe('past_due');
    expect((await fan.client.get(`/api/posts/${postId}`)).body.locked).toBe(true);

    const good = await addCard(fan.client);
    const fixed = await fan.client.request('PUT', `/api/subscriptions/${sub.id}/payment-method`, { paymentMethodId: good });
    expect(fixed.body).toMatchObject({ status: 'active', paymentMethod: { id: good }, renewalFailedAt: null, active: true });
    expect((await fan.client.get(`/api/posts/${postId}`)).body.locked).toBe(false);
  });

  it('changes plan: quotes the prorated difference, refuses a stale quote, charges it; a cheaper plan costs nothing now', async () => {
    const { creator, planId } = await creatorWithPlanPost(1000);
    const premium = await createActivePlan(creator.client, 'Platinum', 2500);
    const fan = await signUp(server, 'upgrader');
    const sub = (await subscribe(fan.client, planId, await addCard(fan.client))).body;
    await passTime(15 * DAY_MS, fan.client);

    const quote = (await fan.client.get(`/api/subscriptions/${sub.id}/plan-change?planId=${premium}`)).body;
    expect(quote).toMatchObject({ planId: premium, currency: 'USD', nextRenewalPriceMinor: 2500, validUntil: sub.validUntil });
    expect(quote.amountDueMinor).toBeGreaterThanOrEqual(749);
    expect(quote.amountDueMinor).toBeLessThanOrEqual(751);

    const stale = await fan.client.request('PUT', `/api/subscriptions/${sub.id}/plan`, {
      planId: premium,
      expectedAmountMinor: quote.amountDueMinor + 100,
      idempotencyKey: randomUUID(),
    });
    expect(stale.body.type).toBe('quote_changed');
    const changed = await fan.client.request('PUT', `/api/subscriptions/${sub.id}/plan`, {
      planId: premium,
      expectedAmountMinor: quote.amountDueMinor,
      idempotencyKey: randomUUID(),
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ plan: { id: premium }, validUntil: sub.validUntil });
    expect((await chargesOf(sub.id)).map((charge) => [charge.kind, charge.amountMinor])).toEqual([
      ['subscription', 1000],
      ['plan_change', quote.amountDueMinor],
    ]);

    const down = (await fan.client.get(`/api/subscriptions/${sub.id}/plan-change?planId=${planId}`)).body;
    expect(down.amountDueMinor).toBe(0);
    const downgraded = await fan.client.request('PUT', `/api/subscriptions/${sub.id}/plan`, {
      planId,
      expectedAmountMinor: 0,
      idempotencyKey: randomUUID(),
    });
    expect(downgraded.body.plan.id).toBe(planId);
    expect(await chargesOf(sub.id)).toHaveLength(2);
    expect((await fan.client.get(`/api/subscriptions/${sub.id}/plan-change?planId=${planId}`)).body.type).toBe('same_plan');
  });

  it('keeps a payment method that a renewing subscription uses until another is chosen', async () => {
    const { planId } = await creatorWithPlanPost();
    const fan = await signUp(server, 'keeper');
    const method = await addCard(fan.client);
    const sub = (await subscribe(fan.client, planId, method)).body;
    const refused = await fan.client.delete(`/api/payment-methods/${method}`);
    expect(refused.status).toBe(409);
    expect(refused.body.type).toBe('payment_method_in_use');
    await fan.client.post(`/api/subscriptions/${sub.id}/cancel`);
    expect((await fan.client.delete(`/api/payment-methods/${method}`)).status).toBe(204);
    expect((await fan.client.get(`/api/subscriptions/${sub.id}`)).body.paymentMethod).toBeNull();
  });

  it('lists those still granting access first, then the newest, each as its own page shows it', async () => {
    const fan = await signUp(server, 'collector');
    const method = await addCard(fan.client);
    const older = (await subscribe(fan.client, (await creatorWithPlanPost(300)).planId, method)).body;
    await passTime(15 * DAY_MS, fan.client);
    const newer = (await subscribe(fan.client, (await creatorWithPlanPost(700)).planId, method)).body;
    await fan.client.post(`/api/subscriptions/${newer.id}/cancel`);
    // The canceled one ends 30 days after it began; the older one renews and goes on.
    await passTime(31 * DAY_MS, fan.client);
    await renewDue(older.id);

    const list = (await fan.client.get('/api/subscriptions')).body.items;
    expect(list.map((sub: { id: string; active: boolean }) => [sub.id, sub.active])).toEqual([
      [older.id, true],
      [newer.id, false],
    ]);
    for (const sub of list) expect((await fan.client.get(`/api/subscriptions/${sub.id}`)).body).toEqual(sub);
    expect(list[0]).toMatchObject({ status: 'active', plan: { priceMinor: 300 }, paymentMethod: { id: method }, renewalFailedAt: null });
    expect(list[1]).toMatchObject({ status: 'expired', autoRenew: false, plan: { priceMinor: 700 }, nextRenewalAt: null });
  });

  it('has no webhook for the development provider', async () => {
    const response = await fetch(`${server.baseUrl}/api/webhooks/payments/dev`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
  });
});
