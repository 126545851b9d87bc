import { randomUUID } from 'node:crypto';
import { DAY_MS } from '@aurum/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail, uniqueHandle } from '../../test/content-fixtures.js';
import {
  creatorWithPlan as earner,
  expectLedgerBalances as ledgerBalances,
  memberPays as pays,
  rowsOf,
} from '../../test/money-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { creatorPayoutSettings, moderationNotices } from '../db/schema.js';
import { collectPersonalData } from '../personal-data/collect.js';

/**
 * Creators' balances and payouts through the development provider: the hold, withdrawals,
 * refunds before and after a payout, a refused payout, the pause after a change of method,
 * and, after every step, the ledger invariant.
 */

const ADMIN_EMAIL = 'payout-admin@example.com';
let server: TestServer;
let admin: ApiClient;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = new ApiClient(server);
  await admin.register(ADMIN_EMAIL, uniqueHandle('payoutadmin'));
  await admin.addAuthenticatorApp();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.context.database.db;
const creatorWithPlan = (priceMinor: number, paypal?: string) => earner(server, priceMinor, paypal);
const memberPays = (planId: string) => pays(server, planId);
const expectLedgerBalances = () => ledgerBalances(server);
const HOLD_MS = 7 * DAY_MS;

const account = async (client: ApiClient) => {
  const response = await client.get('/api/creator/payouts/account');
  expect(response.status).toBe(200);
  return response.body;
};
const usd = async (client: ApiClient) => (await account(client)).balances.find((balance: any) => balance.currency === 'USD');
const withdraw = (client: ApiClient, idempotencyKey = randomUUID()) =>
  client.post('/api/creator/payouts', { currency: 'USD', idempotencyKey });
const refund = (chargeId: string) =>
  admin.post(`/api/admin/payments/${chargeId}/refund`, { reason: 'Asked for it back', endsAccess: true, idempotencyKey: randomUUID() });

describe(`creator balances and payouts (${TEST_DRIVER})`, () => {
  it('holds an earning for seven days, then pays it out once, on the key the creator sent', async () => {
    const creator = await creatorWithPlan(3000);
    const before = server.context.now();
    await memberPays(creator.planId);
    const held = await usd(creator.client);
    expect(held).toMatchObject({ pendingMinor: 2400, availableMinor: 0, paidOutMinor: 0, minimumPayoutMinor: 2000 });
    expect(held.withdrawBlock).toBe('below_minimum');
    expect(held.releases).toHaveLength(1);
    const freesAt = new Date(held.releases[0].availableAt).getTime();
    expect(freesAt - before.getTime()).toBeGreaterThanOrEqual(HOLD_MS);
    expect(freesAt - before.getTime()).toBeLessThan(HOLD_MS + 60_000);
    expect((await withdraw(creator.client)).body.type).toBe('payout_below_minimum');
    await expectLedgerBalances();

    server.advanceClock(HOLD_MS + 60_000);
    const key = randomUUID();
    const paid = await withdraw(creator.client, key);
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ amountMinor: 2400, currency: 'USD', status: 'paid', trigger: 'requested', provider: 'development' });
    expect(paid.body.destination).toMatch(/^PayPal - /);
    const again = await withdraw(creator.client, key);
    expect(again.body.id).toBe(paid.body.id);
    expect(await usd(creator.client)).toMatchObject({ pendingMinor: 0, availableMinor: 0, paidOutMinor: 2400, inFlightMinor: 0 });
    const history = await creator.client.get('/api/creator/payouts');
    expect(history.body.items.map((payout: any) => payout.id)).toEqual([paid.body.id]);
    await expectLedgerBalances();
    // Insights show paid out and available beside what was earned.
    const insights = await creator.client.get(`/api/creators/${creator.id}/insights/earnings?range=30d`);
    expect(insights.body.balances).toEqual([{ currency: 'USD', pendingMinor: 0, availableMinor: 0, paidOutMinor: 2400 }]);
    // The creator's data export holds their balance and payouts.
    const exported = await collectPersonalData(db(), creator.id, server.context.now());
    expect(exported.balances).toEqual([{ currency: 'USD', pendingMinor: 0, availableMinor: 0, paidOutMinor: 2400 }]);
    expect(exported.payouts).toEqual([expect.objectContaining({ id: paid.body.id, amountMinor: 2400, status: 'paid' })]);

    const other = await creatorWithPlan(3000);
    expect((await withdraw(other.client, key)).body.type).toBe('idempotency_key_reused');
  });

  it('debits a refund after the payout: the balance goes negative, blocks payouts, and later earnings cover it first', async () => {
    const creator = await creatorWithPlan(3000);
    const chargeId = await memberPays(creator.planId);
    server.advanceClock(HOLD_MS + 60_000);
    expect((await withdraw(creator.client)).status).toBe(201);
    expect((await refund(chargeId)).status).toBe(200);
    const owed = await usd(creator.client);
    expect(owed).toMatchObject({ availableMinor: -2400, paidOutMinor: 2400, withdrawBlock: 'negative' });
    expect((await withdraw(creator.client)).body.type).toBe('payout_below_minimum');
    await expectLedgerBalances();

    await memberPays(creator.planId);
    await memberPays(creator.planId);
    server.advanceClock(HOLD_MS + 60_000);
    const paid = await withdraw(creator.client);
    expect(paid.status).toBe(201);
    expect(paid.body.amountMinor).toBe(2 * 2400 - 2400);
    await expectLedgerBalances();

    // Each payout's statement: what it covers adds up to it; the refund shows in the payout after it.
    const [second, first] = (await creator.client.get('/api/creator/payouts')).body.items;
    const statement = async (payoutId: string) => {
      const response = await fetch(`${server.baseUrl}/api/creator/payouts/${payoutId}/statement.csv`, {
        headers: { cookie: creator.client.cookie ?? '' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/csv');
      return (await response.text())
        .trim()
        .split('\r\n')
        .map((line) => line.split(','));
    };
    const typesAndNet = (lines: string[][]) => lines.slice(1).map((line) => [line[2], line[8]]);
    expect(typesAndNet(await statement(first.id))).toEqual([
      ['subscription', '24.00'],
      ['payout (paid)', '-24.00'],
    ]);
    const secondLines = await statement(second.id);
    expect(secondLines[0]).toEqual(['Posted', 'Available', 'Type', 'Member', 'Charge', 'Currency', 'Gross', 'Platform fee', 'Net']);
    expect(typesAndNet(secondLines)).toEqual([
      ['refund', '-24.00'],
      ['subscription', '24.00'],
      ['subscription', '24.00'],
      ['payout (paid)', '-24.00'],
    ]);
    expect(secondLines[1]?.slice(5, 8)).toEqual(['USD', '-30.00', '-6.00']);
    const stranger = await creatorWithPlan(3000);
    expect((await stranger.client.get(`/api/creator/payouts/${second.id}/statement.csv`)).status).toBe(404);
  });

  it('keeps a refund of a held earning in the hold with it, so nothing of it ever becomes available', async () => {
    const creator = await creatorWithPlan(3000);
    const chargeId = await memberPays(creator.planId);
    expect((await refund(chargeId)).status).toBe(200);
    expect(await usd(creator.client)).toMatchObject({ pendingMinor: 0, availableMinor: 0, releases: [] });
    await expectLedgerBalances();
    server.advanceClock(HOLD_MS + 60_000);
    await server.context.ledger.release(db());
    expect(await usd(creator.client)).toMatchObject({ pendingMinor: 0, availableMinor: 0 });
    await expectLedgerBalances();
  });

  it('returns a refused payout to the balance and tells the creator why', async () => {
    const creator = await creatorWithPlan(3000, `fail-${uniqueEmail('closed')}`);
    await memberPays(creator.planId);
    server.advanceClock(HOLD_MS + 60_000);
    const failed = await withdraw(creator.client);
    expect(failed.status).toBe(201);
    expect(failed.body).toMatchObject({ status: 'failed', failureCode: 'account_closed', amountMinor: 2400 });
    expect(await usd(creator.client)).toMatchObject({ availableMinor: 2400, paidOutMinor: 0 });
    const notices = await db().select().from(moderationNotices).where(eq(moderationNotices.userId, creator.id));
    expect(notices.map((notice) => notice.kind)).toContain('payout_failed');
    await expectLedgerBalances();
  });

  it('pauses payouts after the payout method changes, and mails the creator', async () => {
    const creator = await creatorWithPlan(3000);
    await memberPays(creator.planId);
    server.advanceClock(HOLD_MS + 60_000);
    const [me] = await rowsOf(server, sql`select email from users where id = ${creator.id}`);
    const mail = server.smtp.nextMailTo(String(me?.email));
    expect((await creator.client.post('/api/payout-methods', { type: 'paypal', email: uniqueEmail('new') })).status).toBe(201);
    expect((await mail).subject).toBe('Your payout method was changed');
    const paused = await account(creator.client);
    expect(paused.methodChangePauseUntil).not.toBeNull();
    expect(paused.balances[0].withdrawBlock).toBe('method_changed');
    expect((await withdraw(creator.client)).body.type).toBe('payouts_paused');

    server.advanceClock(5 * DAY_MS + 60_000);
    expect((await withdraw(creator.client)).status).toBe(201);
  });

  it("holds a creator's earnings for their own hold when an admin set one", async () => {
    const creator = await creatorWithPlan(3000);
    await db().insert(creatorPayoutSettings).values({ creatorId: creator.id, holdDays: 2, holdReason: 'long clean record' });
    const before = server.context.now().getTime();
    await memberPays(creator.planId);
    const held = await account(creator.client);
    expect(held.holdDays).toBe(2);
    const freesAt = new Date(held.balances[0].releases[0].availableAt).getTime();
    expect(freesAt - before).toBeGreaterThanOrEqual(2 * DAY_MS);
    expect(freesAt - before).toBeLessThan(3 * DAY_MS);
  });

  it('pays one of two withdrawals made at once', async () => {
    const creator = await creatorWithPlan(3000);
    await memberPays(creator.planId);
    server.advanceClock(HOLD_MS + 60_000);
    const answers = await Promise.all([withdraw(creator.client), withdraw(creator.client)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect((await usd(creator.client)).paidOutMinor).toBe(2400);
    await expectLedgerBalances();
  });

  it('sets the automatic schedule and tells when it next pays; members cannot see payouts', async () => {
    const creator = await creatorWithPlan(3000);
    const weekly = await creator.client.request('PUT', '/api/creator/payouts/schedule', { schedule: { kind: 'weekly', day: 5 } });
    expect(weekly.status).toBe(200);
    expect(weekly.body.schedule).toEqual({ kind: 'weekly', day: 5 });
    expect(new Date(weekly.body.nextScheduledPayoutAt).getUTCDay()).toBe(5);
    const bad = await creator.client.request('PUT', '/api/creator/payouts/schedule', { schedule: { kind: 'monthly', day: 31 } });
    expect(bad.status).toBe(400);

    const member = await signUp(server, 'nosy');
    expect((await member.client.get('/api/creator/payouts/account')).status).toBe(403);
    expect((await withdraw(member.client)).status).toBe(403);
  });
});
