import { DAY_MS } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, uniqueHandle } from '../../test/content-fixtures.js';
import { creatorWithPlan, expectLedgerBalances, memberPays } from '../../test/money-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { auditLog, payouts } from '../db/schema.js';

/**
 * The admin side of payouts (the list with totals, retrying a failed payout, a creator's own
 * hold, holding a creator's payouts, each audited) and the automatic weekly and monthly runs.
 */

const ADMIN_EMAIL = 'payouts-desk@example.com';
let server: TestServer;
let admin: ApiClient;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = new ApiClient(server);
  await admin.register(ADMIN_EMAIL, uniqueHandle('payoutdesk'));
  await admin.addAuthenticatorApp();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.context.database.db;
const HOLD_MS = 7 * DAY_MS;
const auditOf = (targetId: string) => db().select().from(auditLog).where(eq(auditLog.targetId, targetId));
const withdraw = (client: ApiClient) => client.post('/api/creator/payouts', { currency: 'USD', idempotencyKey: crypto.randomUUID() });

describe(`admin payouts (${TEST_DRIVER})`, () => {
  it("shortens a creator's hold, which frees what they have held now, and audits it", async () => {
    const creator = await creatorWithPlan(server, 3000);
    await memberPays(server, creator.planId);
    const before = await admin.get(`/api/admin/creators/${creator.id}/payouts`);
    expect(before.body).toMatchObject({ holdDays: null, platformHoldDays: 7, payoutsHeld: false });
    expect(before.body.balances[0]).toMatchObject({ pendingMinor: 2400, availableMinor: 0 });

    const missingReason = await admin.request('PUT', `/api/admin/creators/${creator.id}/payouts/hold`, { holdDays: 0 });
    expect(missingReason.status).toBe(400);
    const shortened = await admin.request('PUT', `/api/admin/creators/${creator.id}/payouts/hold`, {
      holdDays: 0,
      reason: 'Two years without a dispute',
    });
    expect(shortened.status).toBe(200);
    expect(shortened.body).toMatchObject({ holdDays: 0, holdReason: 'Two years without a dispute' });
    expect(shortened.body.balances[0]).toMatchObject({ pendingMinor: 0, availableMinor: 2400 });
    const [audited] = await auditOf(creator.id);
    expect(audited).toMatchObject({ action: 'creator.hold_changed', before: { holdDays: null }, after: { holdDays: 0 } });
    // The same hold for the same reason again changes nothing, so nothing more is audited.
    const again = await admin.request('PUT', `/api/admin/creators/${creator.id}/payouts/hold`, {
      holdDays: 0,
      reason: 'Two years without a dispute',
    });
    expect(again.body).toMatchObject({ holdDays: 0, holdReason: 'Two years without a dispute' });
    expect(await auditOf(creator.id)).toHaveLength(1);
    await expectLedgerBalances(server);

    // New earnings are available at once under a hold of 0 days; a longer hold keeps them held longer.
    await memberPays(server, creator.planId);
    expect((await admin.get(`/api/admin/creators/${creator.id}/payouts`)).body.balances[0].availableMinor).toBe(4800);
    expect((await withdraw(creator.client)).body).toMatchObject({ status: 'paid', amountMinor: 4800 });
    await memberPays(server, creator.planId);
    const longer = await admin.request('PUT', `/api/admin/creators/${creator.id}/payouts/hold`, { holdDays: 30, reason: 'Disputes' });
    expect(longer.body.balances[0]).toMatchObject({ pendingMinor: 0, availableMinor: 2400 });
    await memberPays(server, creator.planId);
    const held = (await admin.get(`/api/admin/creators/${creator.id}/payouts`)).body.balances[0];
    expect(held.pendingMinor).toBe(2400);
    expect(new Date(held.releases[0].availableAt).getTime() - server.context.now().getTime()).toBeGreaterThan(29 * DAY_MS);
    await expectLedgerBalances(server);
  });

  it("holds a creator's payouts with a reason and lets them go again", async () => {
    const creator = await creatorWithPlan(server, 3000);
    await memberPays(server, creator.planId);
    server.advanceClock(HOLD_MS + 60_000);
    const held = await admin.request('PUT', `/api/admin/creators/${creator.id}/payouts/held`, { held: true, reason: 'Chargeback review' });
    expect(held.body).toMatchObject({ payoutsHeld: true, payoutsHeldReason: 'Chargeback review' });
    expect((await withdraw(creator.client)).body.type).toBe('payouts_held');
    expect((await creator.client.get('/api/creator/payouts/account')).body.balances[0].withdrawBlock).toBe('held');
    const released = await admin.request('PUT', `/api/admin/creators/${creator.id}/payouts/held`, { held: false, reason: 'Cleared' });
    expect(released.body.payoutsHeld).toBe(false);
    expect((await withdraw(creator.client)).status).toBe(201);
    expect((await auditOf(creator.id)).map((row) => row.action).sort()).toEqual(['creator.payouts_held', 'creator.payouts_released']);
  });

  it('lists payouts by state with totals, and sends a failed payout again once after the method is fixed', async () => {
    const creator = await creatorWithPlan(server, 3000, `fail-${uniqueEmail('gone')}`);
    await memberPays(server, creator.planId);
    server.advanceClock(HOLD_MS + 60_000);
    const failed = await withdraw(creator.client);
    expect(failed.body.status).toBe('failed');

    const list = await admin.get(`/api/admin/payouts?status=failed&creatorId=${creator.id}`);
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({ id: failed.body.id, status: 'failed', creator: { id: creator.id } });
    expect(list.body.totals).toEqual([{ currency: 'USD', status: 'failed', count: 1, amountMinor: 2400 }]);

    // The method is fixed; the pause that follows a change still applies to the retry.
    await creator.client.post('/api/payout-methods', { type: 'paypal', email: uniqueEmail('fixed') });
    const paused = await admin.post(`/api/admin/payouts/${failed.body.id}/retry`, { reason: 'Creator fixed the address' });
    expect(paused.body.type).toBe('payouts_paused');
    server.advanceClock(5 * DAY_MS + 60_000);
    const retried = await admin.post(`/api/admin/payouts/${failed.body.id}/retry`, { reason: 'Creator fixed the address' });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'paid', trigger: 'retry', amountMinor: 2400 });
    const twice = await admin.post(`/api/admin/payouts/${failed.body.id}/retry`, { reason: 'Again' });
    expect(twice.body.type).toBe('payout_not_retryable');
    expect((await admin.post(`/api/admin/payouts/${retried.body.id}/retry`, { reason: 'Paid one' })).body.type).toBe(
      'payout_not_retryable',
    );
    const relisted = await admin.get(`/api/admin/payouts?status=failed&creatorId=${creator.id}`);
    expect(relisted.body.items[0].retriedBy).toBe(retried.body.id);
    const [audited] = await auditOf(failed.body.id);
    expect(audited).toMatchObject({ action: 'payout.retried', targetType: 'payout', after: { payoutId: retried.body.id } });
    await expectLedgerBalances(server);

    // The admin ledger lists the payouts' entries too: the creator's, no member's.
    const ledger = await admin.get(`/api/admin/ledger?creatorId=${creator.id}`);
    const payoutEntries = ledger.body.items.filter((entry: { payoutId: string | null }) => entry.payoutId);
    expect(
      payoutEntries.map((entry: { kind: string; amountMinor: number; payoutId: string }) => [
        entry.kind,
        entry.amountMinor,
        entry.payoutId,
      ]),
    ).toEqual([
      ['payout', -2400, retried.body.id],
      ['payout_return', 2400, failed.body.id],
      ['payout', -2400, failed.body.id],
    ]);
    expect(payoutEntries[0]).toMatchObject({ chargeId: null, chargeKind: null, member: null, creator: { id: creator.id } });
    const returns = await admin.get(`/api/admin/ledger?kind=payout_return&creatorId=${creator.id}`);
    expect(returns.body.items).toHaveLength(1);

    const member = await creatorWithPlan(server, 3000);
    expect((await member.client.get('/api/admin/payouts')).status).toBe(403);
  });

  it('sends again a payout the receiving account refused until it was confirmed', async () => {
    const creator = await creatorWithPlan(server, 3000, `fail-once-${uniqueEmail('unconfirmed')}`);
    await memberPays(server, creator.planId);
    server.advanceClock(HOLD_MS + 60_000);
    const failed = await withdraw(creator.client);
    expect(failed.body).toMatchObject({ status: 'failed', failureCode: 'receiver_unconfirmed' });
    const retried = await admin.post(`/api/admin/payouts/${failed.body.id}/retry`, { reason: 'Creator confirmed the account' });
    expect(retried.body).toMatchObject({ status: 'paid', trigger: 'retry', amountMinor: 2400 });
    expect((await creator.client.get('/api/creator/payouts')).body.items.map((payout: { status: string }) => payout.status)).toEqual([
      'paid',
      'failed',
    ]);
    await expectLedgerBalances(server);
  });

  it('pays creators on their weekly or monthly day once, however often the run runs', async () => {
    const stop = server.freezeClock();
    try {
      const weekly = await creatorWithPlan(server, 3000);
      const monthly = await creatorWithPlan(server, 3000);
      const manual = await creatorWithPlan(server, 3000);
      const small = await creatorWithPlan(server, 1000);
      for (const creator of [weekly, monthly, manual, small]) await memberPays(server, creator.planId);
      server.advanceClock(HOLD_MS + 60_000);
      const today = server.context.now();
      const schedule = (client: ApiClient, body: unknown) => client.request('PUT', '/api/creator/payouts/schedule', { schedule: body });
      expect((await schedule(weekly.client, { kind: 'weekly', day: today.getUTCDay() || 7 })).status).toBe(200);
      expect((await schedule(monthly.client, { kind: 'monthly', day: Math.min(today.getUTCDate(), 28) })).status).toBe(200);
      await schedule(small.client, { kind: 'weekly', day: today.getUTCDay() || 7 });

      await server.context.scheduledPayouts.run();
      await server.context.scheduledPayouts.run();
      const made = await db().select().from(payouts).where(eq(payouts.trigger, 'scheduled'));
      const paidCreators = made.map((payout) => payout.creatorId);
      expect(paidCreators.filter((id) => id === weekly.id)).toHaveLength(1);
      expect(paidCreators).not.toContain(manual.id);
      // 800 earned is below the 20.00 minimum: it waits for a later run.
      expect(paidCreators).not.toContain(small.id);
      if (today.getUTCDate() <= 28) expect(paidCreators.filter((id) => id === monthly.id)).toHaveLength(1);
      expect(made.every((payout) => payout.status === 'paid')).toBe(true);
      await expectLedgerBalances(server);
    } finally {
      stop();
    }
  });
});
