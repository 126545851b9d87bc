import { randomUUID } from 'node:crypto';
import { DAY_MS } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/content-fixtures.js';
import { expectLedgerBalances, savedCard } from '../../test/money-fixtures.js';
import { startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { charges } from '../db/schema.js';

/**
 * Bundles: a plan also sold for 3, 6 or 12 months at once at a discount the creator sets; paid
 * up front at the price shown, renewing at the same length, refundable in full like any payment.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const chargesOf = (subscriptionId: string) =>
  server.context.database.db.select().from(charges).where(eq(charges.subscriptionId, subscriptionId)).orderBy(charges.createdAt);

/** A creator's active plan at 10.00 a month, also sold for 3 months at 10% off and 12 months at 25% off. */
async function bundledPlan() {
  const creator = await signUp(server, 'bundler', { creator: true });
  const created = await creator.client.post('/api/plans', {
    name: 'Gold',
    priceMinor: 1000,
    currency: 'USD',
    bundles: [
      { months: 12, discountPercent: 25 },
      { months: 3, discountPercent: 10 },
    ],
  });
  expect(created.body.bundles).toEqual([
    { months: 3, discountPercent: 10 },
    { months: 12, discountPercent: 25 },
  ]);
  await creator.client.post(`/api/plans/${created.body.id}/activate`);
  return { creator, planId: created.body.id as string };
}

describe(`bundles (${TEST_DRIVER})`, () => {
  it('charges a bundle up front at its price, gives its whole length, and renews at the same length', async () => {
    const { creator, planId } = await bundledPlan();
    const member = await signUp(server, 'bundlebuyer');
    const paymentMethodId = await savedCard(member.client);
    const profile = await member.client.get(`/api/users/${creator.id}/profile-page`);
    expect(profile.body.plans[0].bundles).toHaveLength(2);

    const start = server.context.now();
    const subscribed = await member.client.post('/api/subscriptions', {
      planId,
      paymentMethodId,
      idempotencyKey: randomUUID(),
      months: 3,
      expectedAmountMinor: 2700,
    });
    expect(subscribed.status).toBe(201);
    expect(subscribed.body).toMatchObject({ months: 3, status: 'active' });
    expect(new Date(subscribed.body.validUntil).getTime() - start.getTime()).toBeGreaterThanOrEqual(90 * DAY_MS - 1000);
    expect((await chargesOf(subscribed.body.id)).map((charge) => [charge.kind, charge.amountMinor])).toEqual([['subscription', 2700]]);

    // A day before the 90 days end it renews for 90 more, at the bundle's price.
    // In steps, the member active in between so their 30-day session stays alive.
    for (const days of [20, 20, 20, 20, 9]) {
      server.advanceClock(days * DAY_MS);
      await member.client.get('/api/me');
    }
    server.advanceClock(60_000);
    await server.context.renewals.renewDue();
    await expect.poll(async () => (await chargesOf(subscribed.body.id)).filter((charge) => charge.status === 'pending').length).toBe(0);
    const renewed = await chargesOf(subscribed.body.id);
    expect(renewed.map((charge) => [charge.kind, charge.status, charge.amountMinor])).toEqual([
      ['subscription', 'succeeded', 2700],
      ['renewal', 'succeeded', 2700],
    ]);
    const after = (await member.client.get(`/api/subscriptions/${subscribed.body.id}`)).body;
    expect(new Date(after.validUntil).getTime()).toBe(new Date(subscribed.body.validUntil).getTime() + 90 * DAY_MS);
    await expectLedgerBalances(server);
  });

  it('refuses a length the plan is not sold for, a price other than the one shown, a plan change mid-bundle, and a bundle changed under its members', async () => {
    const { creator, planId } = await bundledPlan();
    const other = await creator.client.post('/api/plans', { name: 'Silver', priceMinor: 500, currency: 'USD' });
    await creator.client.post(`/api/plans/${other.body.id}/activate`);
    const member = await signUp(server, 'bundlepicky');
    const paymentMethodId = await savedCard(member.client);
    const attempt = (body: Record<string, unknown>) =>
      member.client.post('/api/subscriptions', { planId, paymentMethodId, idempotencyKey: randomUUID(), ...body });
    expect(await attempt({ months: 6 })).toMatchObject({ status: 404, body: { type: 'plan_unavailable' } });
    expect(await attempt({ months: 2 })).toMatchObject({ status: 400, body: { type: 'validation_failed' } });
    expect(await attempt({ months: 12, expectedAmountMinor: 9999 })).toMatchObject({ status: 409, body: { type: 'quote_changed' } });
    const bought = await attempt({ months: 12, expectedAmountMinor: 9000 });
    expect(bought).toMatchObject({ status: 201, body: { months: 12 } });

    expect(await member.client.get(`/api/subscriptions/${bought.body.id}/plan-change?planId=${other.body.id}`)).toMatchObject({
      status: 409,
      body: { type: 'bundle_plan_change' },
    });
    // Members renew at the 12-month price: it stays; the 3-month one may change, and a 6-month one may be added.
    const change = (bundles: unknown) => creator.client.request('PATCH', `/api/plans/${planId}`, { bundles });
    expect(await change([{ months: 3, discountPercent: 10 }])).toMatchObject({ status: 409, body: { type: 'plan_has_subscribers' } });
    expect(await change([{ months: 12, discountPercent: 30 }])).toMatchObject({ status: 409 });
    expect(
      await change([
        { months: 3, discountPercent: 15 },
        { months: 6, discountPercent: 20 },
        { months: 12, discountPercent: 25 },
      ]),
    ).toMatchObject({ status: 200, body: { bundles: [{ months: 3 }, { months: 6 }, { months: 12 }] } });
    expect(await change([{ months: 12, discountPercent: 80 }])).toMatchObject({ status: 400 });
  });
});
