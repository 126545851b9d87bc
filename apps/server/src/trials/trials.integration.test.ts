import { DAY_MS, TRIAL_CONVERSION_LEAD_MS } from '@aurum/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivePlan, signUp } from '../../test/content-fixtures.js';
import { expectLedgerBalances, savedCard } from '../../test/money-fixtures.js';
import { startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { charges, subscriptions } from '../db/schema.js';

/**
 * Free-trial links: a creator's link gives members a plan free for some days; each claims it with a
 * saved method, is reminded before it ends, and pays when it ends unless they turned renewal off.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.context.database.db;
const chargesOf = (userId: string) => db().select().from(charges).where(eq(charges.userId, userId));

async function creatorWithLink(link: Record<string, unknown> = {}) {
  const creator = await signUp(server, 'trialcreator', { creator: true });
  const planId = await createActivePlan(creator.client, 'Gold', 900, 'USD');
  const created = await creator.client.post('/api/me/trial-links', { planId, days: 7, ...link });
  expect(created.status).toBe(201);
  return { creator, planId, link: created.body };
}

async function member(prefix: string) {
  const person = await signUp(server, prefix);
  return { ...person, card: await savedCard(person.client) };
}

/** Runs the renewal sweep at the server's time, and waits for its charges to settle. */
async function sweep(userId: string) {
  await server.context.renewals.renewDue();
  await expect.poll(async () => (await chargesOf(userId)).filter((charge) => charge.status === 'pending').length).toBe(0);
}

describe(`free-trial links (${TEST_DRIVER})`, () => {
  it('gives the plan free until the trial ends, reminds the member, converts it then, and counts claims and conversions', async () => {
    const { creator, planId, link } = await creatorWithLink({ maxClaims: 2 });
    expect(link).toMatchObject({ days: 7, maxClaims: 2, claims: 0, conversions: 0, plan: { name: 'Gold', priceMinor: 900 } });
    expect(link.code).toMatch(/^[A-Za-z0-9]{12}$/);

    const keeper = await member('trialkeeper');
    expect((await keeper.client.get(`/api/trial-links/${link.code}`)).body).toMatchObject({
      days: 7,
      plan: { id: planId, name: 'Gold', priceMinor: 900, currency: 'USD' },
      creator: { userId: creator.id },
      unavailable: null,
    });
    const claimedAt = server.context.now();
    const claimed = await keeper.client.post(`/api/trial-links/${link.code}/claim`, { paymentMethodId: keeper.card });
    expect(claimed.status).toBe(201);
    const trialEnd = new Date(claimedAt.getTime() + 7 * DAY_MS);
    expect(claimed.body).toMatchObject({ status: 'active', active: true, paidAt: null, autoRenew: true });
    expect(new Date(claimed.body.trialEndsAt).getTime()).toBeGreaterThanOrEqual(trialEnd.getTime());
    expect(await chargesOf(keeper.id)).toEqual([]);
    // The subscribers' posts open at once.
    const post = await creator.client.post('/api/posts', { text: 'For subscribers', access: ['subscription'] });
    expect((await keeper.client.get(`/api/posts/${post.body.id}`)).body).toMatchObject({ locked: false });

    // The second claimant cancels during the trial; the third finds the link full.
    const quitter = await member('trialquitter');
    const quit = await quitter.client.post(`/api/trial-links/${link.code}/claim`, { paymentMethodId: quitter.card });
    expect((await quitter.client.post(`/api/subscriptions/${quit.body.id}/cancel`)).body).toMatchObject({
      status: 'canceled',
      active: true,
    });
    const late = await member('triallate');
    expect((await late.client.get(`/api/trial-links/${link.code}`)).body.unavailable).toBe('full');
    expect(await late.client.post(`/api/trial-links/${link.code}/claim`, { paymentMethodId: late.card })).toMatchObject({
      status: 409,
      body: { type: 'trial_unavailable', message: 'Every free trial of this link has been claimed.' },
    });

    // Two days before the end, the member is reminded.
    server.advanceClock(5 * DAY_MS + 60_000);
    server.context.jobs.wake();
    await expect
      .poll(async () => (await keeper.client.get('/api/me/moderation-notices')).body.items.map((notice: { kind: string }) => notice.kind))
      .toContain('trial_ending');
    const reminder = (await keeper.client.get('/api/me/moderation-notices')).body.items[0];
    expect(reminder.message).toContain('$9.00 is charged every 30 days, unless you turn renewal off');
    expect((await quitter.client.get('/api/me/moderation-notices')).body.items).toEqual([]);

    // A day before the end nothing is charged yet; in its last minutes the trial converts.
    await sweep(keeper.id);
    expect(await chargesOf(keeper.id)).toEqual([]);
    server.advanceClock(2 * DAY_MS - 60_000 - TRIAL_CONVERSION_LEAD_MS + 60_000);
    await sweep(keeper.id);
    await sweep(quitter.id);
    const paid = await chargesOf(keeper.id);
    expect(paid).toEqual([expect.objectContaining({ kind: 'renewal', status: 'succeeded', amountMinor: 900 })]);
    expect(await chargesOf(quitter.id)).toEqual([]);
    const [converted] = await db().select().from(subscriptions).where(eq(subscriptions.id, claimed.body.id));
    expect(converted?.validUntil.getTime()).toBe(new Date(claimed.body.trialEndsAt).getTime() + 30 * DAY_MS);
    expect((await keeper.client.get(`/api/subscriptions/${claimed.body.id}`)).body).toMatchObject({ trialEndsAt: null, status: 'active' });
    await expectLedgerBalances(server);

    // The quitter's access ends with the trial.
    server.advanceClock(TRIAL_CONVERSION_LEAD_MS);
    expect((await quitter.client.get(`/api/posts/${post.body.id}`)).body).toMatchObject({ locked: true });
    const links = (await creator.client.get('/api/me/trial-links')).body.items;
    expect(links).toEqual([expect.objectContaining({ id: link.id, claims: 2, conversions: 1 })]);
  });

  it('gives one trial per member and creator, ever, and none to a subscriber, to its creator, or once ended or stopped', async () => {
    const { creator, planId, link } = await creatorWithLink();
    const other = await creator.client.post('/api/me/trial-links', { planId, days: 3 });
    const fan = await member('trialfan');
    expect((await fan.client.post(`/api/trial-links/${link.code}/claim`, { paymentMethodId: fan.card })).status).toBe(201);
    // Even once that trial is over, no second one with this creator.
    await db()
      .update(subscriptions)
      .set({ validUntil: server.context.now(), autoRenew: false })
      .where(and(eq(subscriptions.userId, fan.id), eq(subscriptions.creatorId, creator.id)));
    expect(await fan.client.post(`/api/trial-links/${other.body.code}/claim`, { paymentMethodId: fan.card })).toMatchObject({
      status: 409,
      body: { message: 'You already had a free trial with this creator.' },
    });

    const subscriber = await member('trialsubscriber');
    await subscriber.client.post('/api/subscriptions', {
      planId,
      paymentMethodId: subscriber.card,
      idempotencyKey: `sub-${subscriber.id}`.padEnd(20, '0'),
    });
    expect((await subscriber.client.get(`/api/trial-links/${link.code}`)).body.unavailable).toBe('subscribed');
    expect((await creator.client.get(`/api/trial-links/${link.code}`)).body.unavailable).toBe('own');

    const ending = await creator.client.post('/api/me/trial-links', {
      planId,
      days: 3,
      expiresAt: new Date(server.context.now().getTime() + DAY_MS).toISOString(),
    });
    const stopped = await creator.client.request('DELETE', `/api/me/trial-links/${other.body.id}`);
    expect(stopped.body.disabledAt).not.toBeNull();
    server.advanceClock(DAY_MS + 1000);
    const newcomer = await member('trialnewcomer');
    expect((await newcomer.client.get(`/api/trial-links/${ending.body.code}`)).body.unavailable).toBe('expired');
    expect((await newcomer.client.get(`/api/trial-links/${other.body.code}`)).body.unavailable).toBe('disabled');
    expect((await newcomer.client.get('/api/trial-links/NoSuchCode123')).status).toBe(404);
    expect(await chargesOf(newcomer.id)).toEqual([]);
  });

  it('lets only a creator make links, for their own active plans, from 1 to 30 days, and stop only their own', async () => {
    const { creator, link } = await creatorWithLink();
    const rival = await creatorWithLink();
    expect(await creator.client.post('/api/me/trial-links', { planId: rival.planId, days: 7 })).toMatchObject({ status: 404 });
    expect((await creator.client.post('/api/me/trial-links', { planId: link.plan.id, days: 31 })).status).toBe(400);
    expect((await creator.client.post('/api/me/trial-links', { planId: link.plan.id, days: 0 })).status).toBe(400);
    const past = new Date(server.context.now().getTime() - DAY_MS).toISOString();
    expect((await creator.client.post('/api/me/trial-links', { planId: link.plan.id, days: 3, expiresAt: past })).status).toBe(400);
    const plain = await member('trialplain');
    expect((await plain.client.post('/api/me/trial-links', { planId: link.plan.id, days: 3 })).status).toBe(403);
    expect((await rival.creator.client.request('DELETE', `/api/me/trial-links/${link.id}`)).status).toBe(404);
    expect((await creator.client.get('/api/me/trial-links')).body.items.map((item: { id: string }) => item.id)).toEqual([link.id]);
  });
});
