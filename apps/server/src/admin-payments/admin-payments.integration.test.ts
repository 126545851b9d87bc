import { randomUUID } from 'node:crypto';
import { generateId } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActivePlan, insertMediaRow, signUp, subscribe, uniqueHandle } from '../../test/content-fixtures.js';
import { savedCard } from '../../test/money-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { charges, ledgerEntries, messageUnlocks, subscriptions } from '../db/schema.js';

/**
 * The admin money area: lists with filters and totals, CSV exports, and refunds through the
 * development provider (Stripe's refund is covered against its stand-in by the crash suite and
 * the provider's own test).
 */

const ADMIN_EMAIL = 'money-admin@example.com';

let server: TestServer;
let admin: ApiClient;
let adminId: string;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = new ApiClient(server);
  adminId = (await admin.register(ADMIN_EMAIL, uniqueHandle('moneyadmin'))).id;
  await admin.addAuthenticatorApp();
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  server?.advanceClock(16 * 60_000);
});

const db = () => server.context.database.db;

/** A creator with a plan and a plan-only post, and a member who paid for a subscription to it. */
async function paidSubscription(priceMinor = 1000, currency = 'USD') {
  const creator = await signUp(server, 'moneycreator', { creator: true });
  const planId = await createActivePlan(creator.client, 'Gold', priceMinor, currency);
  const post = await creator.client.post('/api/posts', { text: 'for members', access: [planId] });
  const member = await signUp(server, 'moneymember');
  const methodId = await savedCard(member.client);
  const subscribed = await member.client.post('/api/subscriptions', { planId, paymentMethodId: methodId, idempotencyKey: randomUUID() });
  expect(subscribed.status).toBe(201);
  const [charge] = await db().select().from(charges).where(eq(charges.userId, member.id));
  if (!charge) throw new Error('no charge');
  return { creator, member, planId, postId: post.body.id as string, chargeId: charge.id, subscriptionId: subscribed.body.id as string };
}

const refund = (chargeId: string, body: { endsAccess: boolean; reason?: string; idempotencyKey?: string }) =>
  admin.post(`/api/admin/payments/${chargeId}/refund`, { reason: 'Asked for it back', idempotencyKey: randomUUID(), ...body });

describe(`refunds (${TEST_DRIVER})`, () => {
  it('refunds a subscription payment once, reverses its ledger entries, ends the subscription now, audits and tells the member', async () => {
    const scene = await paidSubscription(1000);
    expect((await scene.member.client.get(`/api/posts/${scene.postId}`)).body.locked).toBe(false);
    const detail = await admin.get(`/api/admin/payments/${scene.chargeId}`);
    expect(detail.body).toMatchObject({ refundable: true, charge: { status: 'succeeded', kind: 'subscription', planName: 'Gold' } });

    const key = randomUUID();
    const first = await refund(scene.chargeId, { endsAccess: true, idempotencyKey: key, reason: 'Charged by mistake' });
    expect(first.status).toBe(200);
    expect(first.body.refund).toMatchObject({
      kind: 'refund',
      status: 'succeeded',
      amountMinor: 1000,
      currency: 'USD',
      refundOf: scene.chargeId,
    });

    // The same request again: the same refund, nothing new at the provider or in the ledger.
    const again = await refund(scene.chargeId, { endsAccess: true, idempotencyKey: key });
    expect(again.status).toBe(200);
    expect(again.body.refund.id).toBe(first.body.refund.id);
    // Another attempt: already refunded.
    expect(await refund(scene.chargeId, { endsAccess: false })).toMatchObject({ status: 409, body: { type: 'charge_already_refunded' } });
    // The refund itself, or a key used for another payment, cannot be refunded.
    expect(await refund(first.body.refund.id, { endsAccess: false })).toMatchObject({
      status: 409,
      body: { type: 'charge_not_refundable' },
    });
    const other = await paidSubscription(700);
    expect(await refund(other.chargeId, { endsAccess: false, idempotencyKey: key })).toMatchObject({
      status: 409,
      body: { type: 'idempotency_key_reused' },
    });
    expect((await refund(generateId(), { endsAccess: false })).status).toBe(404);
    expect(
      (await admin.post(`/api/admin/payments/${scene.chargeId}/refund`, { idempotencyKey: randomUUID(), endsAccess: true })).status,
    ).toBe(400);

    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.chargeId, first.body.refund.id));
    const paid = await db().select().from(ledgerEntries).where(eq(ledgerEntries.chargeId, scene.chargeId));
    const amounts = (rows: typeof entries) => Object.fromEntries(rows.map((entry) => [entry.kind, entry.amountMinor]));
    expect(amounts(entries)).toEqual({
      refund: -1000,
      platform_fee_reversal: -(amounts(paid).platform_fee as number),
      creator_earning_reversal: -(amounts(paid).creator_earning as number),
    });
    expect(entries.every((entry) => entry.currency === 'USD')).toBe(true);
    const earnings = (await scene.creator.client.get('/api/me/earnings')).body;
    expect(earnings.balances).toEqual([expect.objectContaining({ currency: 'USD', earnedMinor: 0, payments: 1 })]);

    // The subscription ended now: the post locks again, and it will never renew.
    expect((await scene.member.client.get(`/api/posts/${scene.postId}`)).body.locked).toBe(true);
    const [subscription] = await db().select().from(subscriptions).where(eq(subscriptions.id, scene.subscriptionId));
    expect(subscription?.autoRenew).toBe(false);
    expect(subscription?.validUntil.getTime()).toBeLessThanOrEqual(server.context.now().getTime());
    // The member's subscription says its last payment was refunded, and when.
    const mine = (await scene.member.client.get(`/api/subscriptions/${scene.subscriptionId}`)).body;
    expect(mine).toMatchObject({ status: 'expired', refundedAt: first.body.refund.settledAt });
    expect((await scene.member.client.get('/api/subscriptions')).body.items[0].refundedAt).toBe(first.body.refund.settledAt);
    expect((await other.member.client.get(`/api/subscriptions/${other.subscriptionId}`)).body.refundedAt).toBeNull();

    const audit = (await admin.get(`/api/admin/audit?targetId=${scene.chargeId}`)).body.items;
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'payment.refunded',
        actorId: adminId,
        targetType: 'charge',
        reason: 'Charged by mistake',
        after: expect.objectContaining({ refundId: first.body.refund.id, endsAccess: true }),
      }),
    ]);
    const memberEmail = (await scene.member.client.get('/api/me')).body.email as string;
    server.context.jobs.wake();
    const mail = await server.smtp.nextMailTo(memberEmail, 10_000);
    expect(mail.subject).toContain('refunded');
    expect(mail.text).toContain('$10.00');

    const after = (await admin.get(`/api/admin/payments/${scene.chargeId}`)).body;
    expect(after).toMatchObject({ refundable: false, charge: { refundId: first.body.refund.id, refundStatus: 'succeeded' } });
    const refundDetail = (await admin.get(`/api/admin/payments/${first.body.refund.id}`)).body;
    expect(refundDetail.charge).toMatchObject({ refundReason: 'Charged by mistake', refundEndsAccess: true });
    expect(refundDetail.ledger.map((entry: { kind: string }) => entry.kind).sort()).toEqual([
      'creator_earning_reversal',
      'platform_fee_reversal',
      'refund',
    ]);
  });

  it('lets the subscription run to its period end when the admin chooses so, without renewing', async () => {
    const scene = await paidSubscription(800);
    const [before] = await db().select().from(subscriptions).where(eq(subscriptions.id, scene.subscriptionId));
    expect((await refund(scene.chargeId, { endsAccess: false })).body.refund.status).toBe('succeeded');
    const [after] = await db().select().from(subscriptions).where(eq(subscriptions.id, scene.subscriptionId));
    expect(after?.validUntil).toEqual(before?.validUntil);
    expect(after?.autoRenew).toBe(false);
    expect((await scene.member.client.get(`/api/posts/${scene.postId}`)).body.locked).toBe(false);
  });

  it('takes back a refunded paid message’s unlock', async () => {
    const creator = await signUp(server, 'msgcreator', { creator: true });
    const chatPlan = await createActivePlan(creator.client, 'Chat', 900, 'USD', { chat: true });
    const member = await signUp(server, 'msgmember');
    await subscribe(server, member.id, chatPlan, new Date(Date.now() + 30 * 86_400_000));
    const chatId = (await member.client.post('/api/chats', { partnerId: creator.id })).body.id as string;
    const message = await creator.client.post(`/api/chats/${chatId}/messages`, {
      id: generateId(),
      text: 'Paid photo',
      mediaIds: [await insertMediaRow(server, creator.id)],
      price: { amountMinor: 600, currency: 'USD' },
    });
    const methodId = await savedCard(member.client);
    const unlock = await member.client.post(`/api/chats/${chatId}/messages/${message.body.id}/unlock`, {
      paymentMethodId: methodId,
      idempotencyKey: randomUUID(),
    });
    expect(unlock.body).toMatchObject({ unlocked: true, paid: true });
    const [charge] = await db().select().from(charges).where(eq(charges.messageId, message.body.id));
    // The admin's "runs to its period end" has no meaning for a message: the unlock goes.
    const refunded = await refund(charge?.id as string, { endsAccess: false });
    expect(refunded.body.refund).toMatchObject({ status: 'succeeded', amountMinor: 600 });
    expect(await db().select().from(messageUnlocks).where(eq(messageUnlocks.messageId, message.body.id))).toEqual([]);
    const seen = (await member.client.get(`/api/chats/${chatId}/messages`)).body.items[0];
    expect(seen).toMatchObject({ id: message.body.id, unlocked: false });
  });
});

describe(`the admin money lists (${TEST_DRIVER})`, () => {
  it('filters payments by member, creator, status, kind and dates, pages them by keyset and totals them per currency', async () => {
    const usd = await paidSubscription(1500, 'USD');
    const eur = await paidSubscription(900, 'EUR');
    await refund(usd.chargeId, { endsAccess: true });

    const byMember = (await admin.get(`/api/admin/payments?memberId=${usd.member.id}`)).body;
    expect(byMember.items.map((row: { kind: string }) => row.kind)).toEqual(['refund', 'subscription']);
    expect(byMember.items[1]).toMatchObject({ member: { id: usd.member.id }, creator: { id: usd.creator.id }, refundStatus: 'succeeded' });
    expect(byMember.totals).toEqual([{ currency: 'USD', count: 2, paidMinor: 1500, refundedMinor: 1500 }]);

    const first = (await admin.get(`/api/admin/payments?memberId=${usd.member.id}&limit=1`)).body;
    expect(first.items).toHaveLength(1);
    expect(first.totals).toEqual(byMember.totals);
    const second = (await admin.get(`/api/admin/payments?memberId=${usd.member.id}&limit=1&cursor=${first.nextCursor}`)).body;
    expect([...first.items, ...second.items].map((row: { id: string }) => row.id)).toEqual(
      byMember.items.map((row: { id: string }) => row.id),
    );
    expect(second.nextCursor).toBeNull();

    const byCreator = (await admin.get(`/api/admin/payments?creatorId=${eur.creator.id}&status=succeeded&kind=subscription`)).body;
    expect(byCreator.items.map((row: { id: string }) => row.id)).toEqual([eur.chargeId]);
    expect(byCreator.totals).toEqual([{ currency: 'EUR', count: 1, paidMinor: 900, refundedMinor: 0 }]);
    const today = server.context.now().toISOString().slice(0, 10);
    expect((await admin.get(`/api/admin/payments?memberId=${eur.member.id}&from=${today}&to=${today}`)).body.items).toHaveLength(1);
    expect((await admin.get(`/api/admin/payments?memberId=${eur.member.id}&to=2020-01-01`)).body.items).toHaveLength(0);
    expect((await admin.get('/api/admin/payments?status=refunded')).status).toBe(400);
    expect((await admin.get('/api/admin/payments?from=yesterday')).status).toBe(400);
    expect((await admin.get('/api/admin/payments?cursor=bm9wZQ')).body.type).toBe('invalid_cursor');

    const ledger = (await admin.get(`/api/admin/ledger?memberId=${usd.member.id}`)).body;
    expect(ledger.items).toHaveLength(6);
    expect(ledger.totals).toEqual([{ currency: 'USD', count: 6, grossMinor: 0, feeMinor: 0, netMinor: 0 }]);
    const earnings = (await admin.get(`/api/admin/ledger?creatorId=${eur.creator.id}&kind=creator_earning`)).body;
    expect(earnings.items).toHaveLength(1);
    expect(earnings.totals[0]).toMatchObject({ currency: 'EUR', count: 1, grossMinor: 0, feeMinor: 0 });

    const subs = (await admin.get(`/api/admin/subscriptions?creatorId=${eur.creator.id}`)).body;
    expect(subs.items).toEqual([expect.objectContaining({ id: eur.subscriptionId, status: 'active', priceMinor: 900, currency: 'EUR' })]);
    expect(subs.totals).toEqual([{ currency: 'EUR', count: 1, priceMinor: 900 }]);
    // The refunded subscription ended now: expired, not active.
    expect((await admin.get(`/api/admin/subscriptions?memberId=${usd.member.id}&status=active`)).body.items).toEqual([]);
    expect((await admin.get(`/api/admin/subscriptions?memberId=${usd.member.id}&status=expired`)).body.items).toHaveLength(1);
  });

  it('exports the filtered set as a CSV download', async () => {
    const scene = await paidSubscription(1200);
    await refund(scene.chargeId, { endsAccess: false });
    const response = await fetch(`${server.baseUrl}/api/admin/payments.csv?memberId=${scene.member.id}`, {
      headers: { cookie: admin.cookie ?? '' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="aurum-payments-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^created_at,id,kind,status,amount_minor,currency,member_id,/);
    expect(lines.slice(1).map((line) => line.split(',').slice(2, 6))).toEqual([
      ['refund', 'succeeded', '1200', 'USD'],
      ['subscription', 'succeeded', '1200', 'USD'],
    ]);
    for (const list of ['ledger', 'subscriptions']) {
      const answer = await fetch(`${server.baseUrl}/api/admin/${list}.csv?memberId=${scene.member.id}`, {
        headers: { cookie: admin.cookie ?? '' },
      });
      expect(answer.status).toBe(200);
      const rows = (await answer.text()).trimEnd().split('\r\n');
      expect(rows).toHaveLength(list === 'ledger' ? 7 : 2);
    }
  });
});
