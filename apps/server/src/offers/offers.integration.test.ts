import { randomUUID } from 'node:crypto';
import { DAY_MS, generateId } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivePlan, signUp } from '../../test/content-fixtures.js';
import { expectLedgerBalances, savedCard } from '../../test/money-fixtures.js';
import { type ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { charges, subscriptions } from '../db/schema.js';
import { collectPersonalData } from '../personal-data/collect.js';

/**
 * Discounts: a creator's offer takes a percentage or an amount off a member's first payments,
 * for new members, returning ones, or anyone with its link, within its dates and limit; the price
 * is shown before paying and recorded on the charge.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.context.database.db;
const chargesOf = (userId: string) => db().select().from(charges).where(eq(charges.userId, userId)).orderBy(charges.createdAt);

async function member(prefix: string) {
  const person = await signUp(server, prefix);
  return { ...person, card: await savedCard(person.client) };
}

const subscribe = (who: { client: ApiClient; card: string }, planId: string, extra: Record<string, unknown> = {}) =>
  who.client.post('/api/subscriptions', { planId, paymentMethodId: who.card, idempotencyKey: randomUUID(), ...extra });

/** A month goes by with the members active (their sessions last 30 days), and the renewals due are charged. */
async function nextRenewal(...members: { id: string; client: ApiClient }[]) {
  for (const days of [20, 10]) {
    server.advanceClock(days * DAY_MS);
    for (const { client } of members) await client.get('/api/me');
  }
  server.advanceClock(60_000);
  await server.context.renewals.renewDue();
  for (const { id } of members) {
    await expect.poll(async () => (await chargesOf(id)).filter((charge) => charge.status === 'pending').length).toBe(0);
  }
}

describe(`discounts (${TEST_DRIVER})`, () => {
  it('takes an offer off the first payments of the members it is for, records it on the charge, and counts who used it', async () => {
    const creator = await signUp(server, 'discounter', { creator: true });
    const planId = await createActivePlan(creator.client, 'Gold', 1000, 'USD');
    const halfOff = await creator.client.post('/api/me/offers', { planId, audience: 'new', kind: 'percent', value: 50 });
    expect(halfOff).toMatchObject({ status: 201, body: { audience: 'new', kind: 'percent', value: 50, payments: 1, redemptions: 0 } });
    const welcomeBack = await creator.client.post('/api/me/offers', {
      planId,
      audience: 'returning',
      kind: 'amount',
      value: 300,
      payments: 2,
    });

    // A newcomer sees the new-member offer only, and pays half.
    const newcomer = await member('offernew');
    const offers = (await newcomer.client.get(`/api/creators/${creator.id}/offers`)).body.items;
    expect(offers).toEqual([expect.objectContaining({ id: halfOff.body.id, planId, code: halfOff.body.code })]);
    expect(await subscribe(newcomer, planId, { offerCode: halfOff.body.code, expectedAmountMinor: 1000 })).toMatchObject({
      status: 409,
      body: { type: 'quote_changed' },
    });
    expect((await subscribe(newcomer, planId, { offerCode: halfOff.body.code, expectedAmountMinor: 500 })).status).toBe(201);

    // A member whose subscription ended gets the welcome back: 3.00 off twice.
    const returning = await member('offerback');
    await db()
      .insert(subscriptions)
      .values({
        id: generateId(),
        userId: returning.id,
        creatorId: creator.id,
        planId,
        validUntil: new Date(server.context.now().getTime() - DAY_MS),
      });
    expect((await returning.client.get(`/api/creators/${creator.id}/offers`)).body.items.map((offer: { id: string }) => offer.id)).toEqual([
      welcomeBack.body.id,
    ]);
    expect(await subscribe(returning, planId, { offerCode: halfOff.body.code })).toMatchObject({
      status: 409,
      body: { type: 'offer_unavailable', message: 'This offer is for new members.' },
    });
    expect((await subscribe(returning, planId, { offerCode: welcomeBack.body.code, expectedAmountMinor: 700 })).status).toBe(201);

    // Renewals: the half-off was for one payment; the welcome back for two.
    await nextRenewal(newcomer, returning, creator);
    await nextRenewal(newcomer, returning, creator);
    const paid = async (userId: string) =>
      (await chargesOf(userId)).map((charge) => [charge.kind, charge.amountMinor, charge.listAmountMinor, charge.offerId]);
    expect(await paid(newcomer.id)).toEqual([
      ['subscription', 500, 1000, halfOff.body.id],
      ['renewal', 1000, null, null],
      ['renewal', 1000, null, null],
    ]);
    expect(await paid(returning.id)).toEqual([
      ['subscription', 700, 1000, welcomeBack.body.id],
      ['renewal', 700, 1000, welcomeBack.body.id],
      ['renewal', 1000, null, null],
    ]);
    await expectLedgerBalances(server);
    // The member's data download says what each payment would have cost without the discount.
    const exported = await collectPersonalData(db(), newcomer.id, server.context.now());
    expect(exported.payments[0]).toMatchObject({ kind: 'subscription', amountMinor: 500, listAmountMinor: 1000 });
    const listed = (await creator.client.get('/api/me/offers')).body.items;
    expect(listed.map((offer: { id: string; redemptions: number }) => [offer.id, offer.redemptions])).toEqual([
      [welcomeBack.body.id, 1],
      [halfOff.body.id, 1],
    ]);
  });

  it('gives a link offer only through its link, up to its limit, until stopped or ended, and only for its plan', async () => {
    const creator = await signUp(server, 'linkdiscounter', { creator: true });
    const planId = await createActivePlan(creator.client, 'Gold', 1000, 'USD');
    const otherPlan = await createActivePlan(creator.client, 'Silver', 500, 'USD');
    const link = await creator.client.post('/api/me/offers', { planId, audience: 'link', kind: 'amount', value: 250, maxRedemptions: 1 });
    const first = await member('linkfirst');
    expect((await first.client.get(`/api/creators/${creator.id}/offers`)).body.items).toEqual([]);
    expect((await first.client.get(`/api/creators/${creator.id}/offers?code=${link.body.code}`)).body.items).toHaveLength(1);
    expect(await subscribe(first, otherPlan, { offerCode: link.body.code })).toMatchObject({
      status: 409,
      body: { type: 'offer_unavailable' },
    });
    expect((await subscribe(first, planId, { offerCode: link.body.code, expectedAmountMinor: 750 })).status).toBe(201);

    const second = await member('linksecond');
    expect(await subscribe(second, planId, { offerCode: link.body.code })).toMatchObject({
      status: 409,
      body: { message: 'Every use of this offer has been taken.' },
    });
    const ending = await creator.client.post('/api/me/offers', {
      planId,
      audience: 'link',
      kind: 'percent',
      value: 10,
      endsAt: new Date(server.context.now().getTime() + DAY_MS).toISOString(),
    });
    const stopped = await creator.client.post('/api/me/offers', { planId, audience: 'link', kind: 'percent', value: 20 });
    expect((await creator.client.request('DELETE', `/api/me/offers/${stopped.body.id}`)).body.disabledAt).not.toBeNull();
    expect(await subscribe(second, planId, { offerCode: stopped.body.code })).toMatchObject({
      status: 409,
      body: { message: 'This offer is no longer available.' },
    });
    server.advanceClock(DAY_MS + 1000);
    expect(await subscribe(second, planId, { offerCode: ending.body.code })).toMatchObject({
      status: 409,
      body: { message: 'This offer has ended.' },
    });
    expect(await chargesOf(second.id)).toEqual([]);

    // Only a creator, for their own active plan, within bounds; only they may stop it.
    const rival = await signUp(server, 'linkrival', { creator: true });
    expect((await rival.client.post('/api/me/offers', { planId, audience: 'new', kind: 'percent', value: 10 })).status).toBe(404);
    expect((await rival.client.request('DELETE', `/api/me/offers/${link.body.id}`)).status).toBe(404);
    expect((await creator.client.post('/api/me/offers', { planId, audience: 'new', kind: 'percent', value: 95 })).status).toBe(400);
    expect((await second.client.post('/api/me/offers', { planId, audience: 'new', kind: 'percent', value: 10 })).status).toBe(403);
  });
});
