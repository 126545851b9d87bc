import { DAY_MS, PLAN_PRICE_MAX_MINOR, SUBSCRIPTION_PERIOD_DAYS } from '@aurum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivePlan, signUp, subscribe } from '../../test/content-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const gold = { name: 'Gold', description: 'Everything, every week.', priceMinor: 999, currency: 'USD', perks: { chat: true } };

describe(`plans (${TEST_DRIVER})`, () => {
  it('lets a creator create a plan, which starts inactive with a 30-day period', async () => {
    const creator = await signUp(server, 'planner', { creator: true });
    const created = await creator.client.post('/api/plans', gold);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...gold, creatorId: creator.id, active: false, billingPeriodDays: SUBSCRIPTION_PERIOD_DAYS });

    const own = await creator.client.get('/api/plans');
    expect(own.body.map((plan: any) => plan.id)).toEqual([created.body.id]);
    expect((await creator.client.get(`/api/plans/${created.body.id}`)).body.active).toBe(false);
  });

  it('refuses plans from members who are not creators', async () => {
    const member = await signUp(server, 'wannabe');
    const refused = await member.client.post('/api/plans', gold);
    expect(refused.status).toBe(403);
    expect(refused.body.type).toBe('creator_required');
    expect((await new ApiClient(server).post('/api/plans', gold)).status).toBe(401);
  });

  it('validates names, prices, currencies and perks without a server error', async () => {
    const creator = await signUp(server, 'strict', { creator: true });
    for (const body of [
      { ...gold, name: '' },
      { ...gold, name: 'x'.repeat(61) },
      { ...gold, description: 'x'.repeat(501) },
      { ...gold, priceMinor: 99 },
      { ...gold, priceMinor: PLAN_PRICE_MAX_MINOR + 1 },
      { ...gold, priceMinor: 9.99 },
      { ...gold, priceMinor: '999' },
      { ...gold, currency: 'XYZ' },
      { ...gold, perks: { chat: 'yes' } },
      {},
    ]) {
      const response = await creator.client.post('/api/plans', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.type).toBe('validation_failed');
    }
  });

  it('lets only the owner update, activate and deactivate; anyone else is told it does not exist', async () => {
    const owner = await signUp(server, 'owner', { creator: true });
    const rival = await signUp(server, 'rival', { creator: true });
    const member = await signUp(server, 'member');
    const planId = (await owner.client.post('/api/plans', gold)).body.id;

    for (const [method, path, body] of [
      ['PATCH', `/api/plans/${planId}`, { name: 'Stolen', priceMinor: 100 }],
      ['POST', `/api/plans/${planId}/activate`, {}],
      ['POST', `/api/plans/${planId}/deactivate`, {}],
    ] as const) {
      const byRival = await rival.client.request(method, path, body);
      expect(byRival.status, `${method} ${path}`).toBe(404);
      expect(byRival.body.type).toBe('not_found');
      // The same answer as for a plan that does not exist.
      const missing = await rival.client.request(method, path.replace(planId, 'no-such-plan'), body);
      expect(missing.body).toEqual(byRival.body);
      expect((await member.client.request(method, path, body)).body.type).toBe('creator_required');
    }
    // Not active yet: only its owner can see it.
    expect((await rival.client.get(`/api/plans/${planId}`)).status).toBe(404);

    const updated = await owner.client.request('PATCH', `/api/plans/${planId}`, { name: ' Platinum ', perks: { chat: false } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Platinum', perks: { chat: false }, priceMinor: gold.priceMinor });
    expect((await owner.client.post(`/api/plans/${planId}/activate`)).body.active).toBe(true);
    expect((await member.client.get(`/api/plans/${planId}`)).body).toMatchObject({ id: planId, name: 'Platinum', active: true });
    expect((await owner.client.post(`/api/plans/${planId}/deactivate`)).body.active).toBe(false);
    expect((await member.client.get(`/api/plans/${planId}`)).status).toBe(404);
  });

  it("lists a creator's active plans, cheapest first, to any signed-in member", async () => {
    const creator = await signUp(server, 'shelf', { creator: true });
    const member = await signUp(server, 'browser');
    const premium = await createActivePlan(creator.client, 'Premium', 2500);
    const basic = await createActivePlan(creator.client, 'Basic', 500);
    await creator.client.post('/api/plans', { ...gold, name: 'Draft' });

    const listed = await member.client.get(`/api/users/${creator.id}/plans`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((plan: any) => plan.id)).toEqual([basic, premium]);
    expect((await member.client.get('/api/plans')).body).toEqual([]);
    expect((await creator.client.get('/api/plans')).body).toHaveLength(3);
    expect((await new ApiClient(server).get(`/api/users/${creator.id}/plans`)).status).toBe(401);
  });

  it('keeps price and currency while the plan has active subscribers', async () => {
    const creator = await signUp(server, 'steady', { creator: true });
    const fan = await signUp(server, 'fan');
    const planId = await createActivePlan(creator.client, 'Fan club', 700);

    expect((await creator.client.request('PATCH', `/api/plans/${planId}`, { priceMinor: 800 })).body.priceMinor).toBe(800);
    await subscribe(server, fan.id, planId, new Date(Date.now() + 10 * DAY_MS));

    for (const change of [{ priceMinor: 900 }, { currency: 'EUR' }]) {
      const refused = await creator.client.request('PATCH', `/api/plans/${planId}`, change);
      expect(refused.status).toBe(409);
      expect(refused.body.type).toBe('plan_has_subscribers');
    }
    const renamed = await creator.client.request('PATCH', `/api/plans/${planId}`, { name: 'Inner circle', priceMinor: 800 });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Inner circle', priceMinor: 800 });

    // Once every subscription has lapsed the price is free to change again.
    server.advanceClock(11 * DAY_MS);
    expect((await creator.client.request('PATCH', `/api/plans/${planId}`, { priceMinor: 900 })).body.priceMinor).toBe(900);
  });
});
