import { randomUUID } from 'node:crypto';
import { DAY_MS } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueHandle } from '../../test/content-fixtures.js';
import { creatorWithPlan as earner, expectLedgerBalances as ledgerBalances, memberPays as pays } from '../../test/money-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { charges, ledgerEntries, moderationNotices, subscriptions } from '../db/schema.js';

/**
 * Disputes through the development provider's admin actions: the creator debited the payment's
 * earning and the dispute fee (held with the earning, or at once), credited back when won, left
 * debited when lost; a balance made negative blocks payouts; insights and the statement show it.
 */

const ADMIN_EMAIL = 'dispute-admin@example.com';
let server: TestServer;
let admin: ApiClient;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = new ApiClient(server);
  await admin.register(ADMIN_EMAIL, uniqueHandle('disputeadmin'));
  await admin.addAuthenticatorApp();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.context.database.db;
const HOLD_MS = 7 * DAY_MS;
const FEE = 1500;
const creatorWithPlan = (priceMinor: number) => earner(server, priceMinor);
const memberPays = (planId: string) => pays(server, planId);
const expectLedgerBalances = () => ledgerBalances(server);
const usd = async (client: ApiClient) =>
  (await client.get('/api/creator/payouts/account')).body.balances.find((balance: { currency: string }) => balance.currency === 'USD');
const openDispute = (chargeId: string) => admin.post(`/api/admin/payments/${chargeId}/test-dispute`, { reason: 'Trying the dispute flow' });
const closeDispute = (disputeId: string, outcome: 'won' | 'lost') =>
  admin.post(`/api/admin/disputes/${disputeId}/test-close`, { outcome, reason: 'The bank decided' });
const kinds = async (chargeId: string) =>
  Object.fromEntries(
    (await db().select().from(ledgerEntries).where(eq(ledgerEntries.chargeId, chargeId))).map((entry) => [entry.kind, entry.amountMinor]),
  );

describe(`disputes through the development provider (${TEST_DRIVER})`, () => {
  it('debits a held earning and the fee in the hold, ends access, and credits the earning back when won', async () => {
    const creator = await creatorWithPlan(3000);
    const chargeId = await memberPays(creator.planId);
    const needingEvidence = async () =>
      (await admin.get('/api/admin/overview')).body.attention.find((item: { kind: string }) => item.kind === 'disputes_needing_evidence')
        .count as number;
    const waiting = await needingEvidence();
    const opened = await openDispute(chargeId);
    expect(await needingEvidence()).toBe(waiting + 1);
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({
      chargeId,
      provider: 'dev',
      amountMinor: 3000,
      feeMinor: FEE,
      currency: 'USD',
      status: 'needs_response',
      outcome: null,
      evidenceUrl: null,
      creator: { id: creator.id },
    });
    expect(new Date(opened.body.evidenceDueBy).getTime()).toBeGreaterThan(server.context.now().getTime());
    expect(await kinds(chargeId)).toMatchObject({
      chargeback: -3000,
      platform_fee_chargeback: -600,
      creator_earning_chargeback: -2400,
      platform_fee_dispute_fee: FEE,
      creator_earning_dispute_fee: -FEE,
    });
    // Held with the earning it reverses: nothing is available, the debit frees with it.
    expect(await usd(creator.client)).toMatchObject({ pendingMinor: -FEE, availableMinor: 0 });
    const [charge] = await db().select().from(charges).where(eq(charges.id, chargeId));
    const [subscription] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, charge?.subscriptionId ?? ''));
    expect(subscription?.autoRenew).toBe(false);
    expect(subscription?.validUntil.getTime()).toBeLessThanOrEqual(server.context.now().getTime());
    await expectLedgerBalances();

    expect((await openDispute(chargeId)).body.type).toBe('charge_already_disputed');
    // A disputed payment is not refunded too; its page names the dispute; the creator's earnings net it out.
    const detail = await admin.get(`/api/admin/payments/${chargeId}`);
    expect(detail.body).toMatchObject({ refundable: false, disputeId: opened.body.id });
    const refund = await admin.post(`/api/admin/payments/${chargeId}/refund`, {
      reason: 'Both',
      endsAccess: true,
      idempotencyKey: randomUUID(),
    });
    expect(refund.body.type).toBe('charge_not_refundable');
    expect((await creator.client.get('/api/me/earnings')).body.balances).toEqual([{ currency: 'USD', earnedMinor: -FEE, payments: 1 }]);
    const won = await closeDispute(opened.body.id, 'won');
    expect(won.status).toBe(200);
    expect(won.body).toMatchObject({ status: 'won', outcome: 'won', feeReturnedMinor: 0 });
    expect(won.body.closedAt).not.toBeNull();
    expect(await kinds(chargeId)).toMatchObject({
      chargeback_won: 3000,
      platform_fee_chargeback_won: 600,
      creator_earning_chargeback_won: 2400,
    });
    // The development provider keeps the fee of a won dispute.
    expect(await usd(creator.client)).toMatchObject({ pendingMinor: 2400 - FEE, availableMinor: 0 });
    expect((await closeDispute(opened.body.id, 'lost')).body.type).toBe('dispute_closed');
    expect(await needingEvidence()).toBe(waiting);
    await expectLedgerBalances();

    // The creator was told of each step, once.
    const told = await db().select().from(moderationNotices).where(eq(moderationNotices.userId, creator.id));
    expect(told.map((notice) => notice.kind).sort()).toEqual(['dispute_decided', 'dispute_opened']);
    expect(told.find((notice) => notice.kind === 'dispute_opened')?.message).toContain(
      'Your earning from it ($24.00) and the $15.00 dispute fee are taken from your balance',
    );

    const audit = (await admin.get(`/api/admin/audit?targetId=${chargeId}`)).body.items;
    expect(audit).toEqual([expect.objectContaining({ action: 'dispute.test_opened', reason: 'Trying the dispute flow' })]);
    const closed = (await admin.get(`/api/admin/audit?targetId=${opened.body.id}`)).body.items;
    expect(closed).toEqual([expect.objectContaining({ action: 'dispute.test_closed' })]);
  });

  it('debits a paid-out earning at once: the balance goes negative, payouts stop, and a lost dispute posts nothing more', async () => {
    const creator = await creatorWithPlan(3000);
    const chargeId = await memberPays(creator.planId);
    server.advanceClock(HOLD_MS + 60_000);
    expect((await creator.client.post('/api/creator/payouts', { currency: 'USD', idempotencyKey: randomUUID() })).status).toBe(201);
    const opened = await openDispute(chargeId);
    expect(opened.status).toBe(201);
    expect(await usd(creator.client)).toMatchObject({ availableMinor: -2400 - FEE, paidOutMinor: 2400, withdrawBlock: 'negative' });
    await expectLedgerBalances();
    const before = await kinds(chargeId);
    expect((await closeDispute(opened.body.id, 'lost')).body).toMatchObject({ status: 'lost', outcome: 'lost' });
    expect(await kinds(chargeId)).toEqual(before);
    expect(await usd(creator.client)).toMatchObject({ availableMinor: -2400 - FEE });
    const refused = await creator.client.post('/api/creator/payouts', { currency: 'USD', idempotencyKey: randomUUID() });
    expect(refused.status).toBe(409);
    await expectLedgerBalances();

    // Insights count the chargeback where it was posted, as one charge; the statement names it.
    const earnings = await creator.client.get(`/api/creators/${creator.id}/insights/earnings?range=30d`);
    const usdEarnings = earnings.body.currencies.find((currency: { currency: string }) => currency.currency === 'USD');
    expect(usdEarnings.total).toEqual({ grossMinor: 0, feeMinor: FEE, netMinor: -FEE, charges: 1 });
    const month = server.context.now().toISOString().slice(0, 7);
    const statement = await fetch(`${server.baseUrl}/api/creators/${creator.id}/insights/statement.csv?month=${month}`, {
      headers: { cookie: creator.client.cookie as string },
    });
    expect(await statement.text()).toMatch(/,chargeback,/);

    // Later earnings cover the debt first; the next payout's statement shows what it covered.
    for (let i = 0; i < 3; i += 1) await memberPays(creator.planId);
    server.advanceClock(HOLD_MS + 60_000);
    const next = await creator.client.post('/api/creator/payouts', { currency: 'USD', idempotencyKey: randomUUID() });
    expect(next.body).toMatchObject({ status: 'paid', amountMinor: 3 * 2400 - 2400 - FEE });
    const covered = await fetch(`${server.baseUrl}/api/creator/payouts/${next.body.id}/statement.csv`, {
      headers: { cookie: creator.client.cookie as string },
    });
    const lines = (await covered.text())
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(','));
    expect(lines.map((line) => [line[2], line[6], line[7], line[8]])).toEqual([
      ['chargeback', '-30.00', '-6.00', '-24.00'],
      ['dispute fee', '', '15.00', '-15.00'],
      ['subscription', '30.00', '6.00', '24.00'],
      ['subscription', '30.00', '6.00', '24.00'],
      ['subscription', '30.00', '6.00', '24.00'],
      ['payout (paid)', '', '', '-33.00'],
    ]);
    await expectLedgerBalances();
  });

  it('lists disputes for admins: open only, newest or soonest deadline first, page by page', async () => {
    const creator = await creatorWithPlan(1000);
    const first = await openDispute(await memberPays(creator.planId));
    server.advanceClock(60_000);
    const second = await openDispute(await memberPays(creator.planId));
    await closeDispute(first.body.id, 'won');
    const open = await admin.get('/api/admin/disputes?open=true&limit=100');
    expect(open.status).toBe(200);
    const openIds = open.body.items.map((item: { id: string }) => item.id);
    expect(openIds).toContain(second.body.id);
    expect(openIds).not.toContain(first.body.id);
    const won = await admin.get('/api/admin/disputes?status=won&limit=100');
    expect(won.body.items.map((item: { id: string }) => item.id)).toContain(first.body.id);

    for (const order of ['newest', 'deadline']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { body: { items: { id: string }[]; nextCursor: string | null } } = await admin.get(
          `/api/admin/disputes?order=${order}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        );
        seen.push(...page.body.items.map((item) => item.id));
        cursor = page.body.nextCursor;
      } while (cursor);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(expect.arrayContaining([first.body.id, second.body.id]));
      expect(seen.indexOf(second.body.id) < seen.indexOf(first.body.id)).toBe(order === 'newest');
    }
    expect((await admin.get('/api/admin/disputes?cursor=bogus')).body.type).toBe('invalid_cursor');
  });

  it('refuses what cannot be disputed, and keeps the routes to admins', async () => {
    const creator = await creatorWithPlan(1000);
    const chargeId = await memberPays(creator.planId);
    expect((await openDispute(randomUUID().replace(/-/g, '').slice(0, 26))).status).toBeGreaterThanOrEqual(400);
    const refunded = await admin.post(`/api/admin/payments/${chargeId}/refund`, {
      reason: 'Asked',
      endsAccess: true,
      idempotencyKey: randomUUID(),
    });
    expect(refunded.status).toBe(200);
    expect((await openDispute(chargeId)).body.type).toBe('charge_not_disputable');
    expect((await openDispute(refunded.body.refund.id)).body.type).toBe('charge_not_disputable');
    const member = await signUp(server, 'nosy');
    expect((await member.client.get('/api/admin/disputes')).status).toBe(403);
    expect((await creator.client.post(`/api/admin/payments/${chargeId}/test-dispute`, { reason: 'x' })).status).toBe(403);
    await expectLedgerBalances();
  });
});
