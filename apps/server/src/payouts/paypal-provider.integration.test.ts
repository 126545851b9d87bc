import { randomUUID } from 'node:crypto';
import { DAY_MS } from '@aurum/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../test/content-fixtures.js';
import { creatorWithPlan, expectLedgerBalances, memberPays, rowsOf } from '../../test/money-fixtures.js';
import { PayPalStandIn } from '../../test/paypal-stand-in.js';
import { type ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { moderationNotices } from '../db/schema.js';
import { PayPalClient } from '../integrations/paypal/api.js';

/** Creators paid through the PayPal adapter, with PayPal played by the local stand-in, through the whole server. */

const CLIENT_ID = 'aurum-payouts-client';
const CLIENT_SECRET = 'aurum-payouts-secret';
const WEBHOOK_ID = '1JE4291016473214C';
const HOLD_MS = 7 * DAY_MS;

let paypal: PayPalStandIn;
let apiBase: string;
let server: TestServer;
beforeAll(async () => {
  paypal = new PayPalStandIn({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, webhookId: WEBHOOK_ID });
  apiBase = await paypal.start();
  server = await startTestServer({
    PAYOUT_PROVIDERS: 'paypal',
    PAYPAL_API_BASE: apiBase,
    PAYPAL_CLIENT_ID: CLIENT_ID,
    PAYPAL_CLIENT_SECRET: CLIENT_SECRET,
    PAYPAL_PAYOUTS_WEBHOOK_ID: WEBHOOK_ID,
  });
  paypal.webhookUrl = `${server.baseUrl}/api/webhooks/payouts/paypal`;
});
afterAll(async () => {
  await server?.close();
  await paypal?.stop();
});

/** A creator whose PayPal address starts as the stand-in's fate for it, with 24.00 USD available. */
async function creatorWithEarnings(address = uniqueEmail('paid')) {
  const creator = await creatorWithPlan(server, 3000, address);
  await memberPays(server, creator.planId);
  server.advanceClock(HOLD_MS + 60_000);
  return creator;
}
const withdraw = (client: ApiClient, idempotencyKey = randomUUID()) =>
  client.post('/api/creator/payouts', { currency: 'USD', idempotencyKey });
const usd = async (client: ApiClient) =>
  (await client.get('/api/creator/payouts/account')).body.balances.find((balance: any) => balance.currency === 'USD');
const payoutOf = async (client: ApiClient, id: string) =>
  (await client.get('/api/creator/payouts')).body.items.find((payout: any) => payout.id === id);
const outcomeOf = async (response: Response): Promise<{ status: number; body: any }> => ({
  status: response.status,
  body: await response.json(),
});

describe(`payouts through PayPal (${TEST_DRIVER})`, () => {
  it('sends a batch of one item keyed by the payout, in flight until the webhook says it succeeded', async () => {
    const address = uniqueEmail('paid');
    const creator = await creatorWithEarnings(address);
    const sent = await withdraw(creator.client);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ status: 'in_flight', provider: 'paypal', amountMinor: 2400, settledAt: null });
    expect(await usd(creator.client)).toMatchObject({ availableMinor: 0, inFlightMinor: 2400 });

    const create = paypal.requests.findLast((request) => request.path === '/v1/payments/payouts');
    expect(create?.headers['paypal-request-id']).toBe(sent.body.id);
    expect(create?.headers.authorization).toMatch(/^Bearer A21AA/);
    expect(create?.body).toMatchObject({
      sender_batch_header: { sender_batch_id: sent.body.id, recipient_type: 'EMAIL' },
      items: [{ recipient_type: 'EMAIL', amount: { value: '24.00', currency: 'USD' }, receiver: address, sender_item_id: sent.body.id }],
    });
    const batch = paypal.batchOf(sent.body.id);
    expect(batch?.items).toHaveLength(1);

    const [delivered] = await paypal.process(batch?.batch_header.payout_batch_id as string);
    expect(await outcomeOf(delivered as Response)).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    expect(await payoutOf(creator.client, sent.body.id)).toMatchObject({ status: 'paid', settledAt: expect.any(String) });
    expect(await usd(creator.client)).toMatchObject({ availableMinor: 0, inFlightMinor: 0, paidOutMinor: 2400 });
    await expectLedgerBalances(server);

    // One token served every call so far: it is kept until shortly before it expires.
    expect(paypal.requests.filter((request) => request.path === '/v1/oauth2/token')).toHaveLength(1);
    // A token PayPal stops taking is replaced, and the call made again.
    paypal.revokeTokens();
    const next = await creatorWithEarnings();
    expect((await withdraw(next.client)).body.status).toBe('in_flight');
    expect(paypal.requests.filter((request) => request.path === '/v1/oauth2/token')).toHaveLength(2);
  });

  it('changes nothing on a repeated webhook, refuses a bad signature, and answers 502 when PayPal cannot check one', async () => {
    const creator = await creatorWithEarnings();
    const sent = await withdraw(creator.client);
    const batch = paypal.batchOf(sent.body.id);
    const item = batch?.items[0];
    if (!batch || !item) throw new Error('no batch');
    const forged = await paypal.sendEvent(
      'PAYMENT.PAYOUTS-ITEM.SUCCEEDED',
      { ...item, transaction_status: 'SUCCESS' },
      { signature: 'Zm9yZ2Vk' },
    );
    expect(await outcomeOf(forged)).toMatchObject({ status: 400, body: { type: 'webhook_signature_invalid' } });
    const unsigned = await paypal.deliver(JSON.stringify({ id: 'WH-1', event_type: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED', resource: item }), {});
    expect(await outcomeOf(unsigned)).toMatchObject({ status: 400, body: { type: 'webhook_signature_invalid' } });
    expect((await payoutOf(creator.client, sent.body.id)).status).toBe('in_flight');

    paypal.failNext(503, '/v1/notifications/verify-webhook-signature');
    const unchecked = await paypal.sendEvent('PAYMENT.PAYOUTS-ITEM.SUCCEEDED', { ...item, transaction_status: 'SUCCESS' });
    expect(await outcomeOf(unchecked)).toMatchObject({ status: 502, body: { type: 'payout_provider_unavailable' } });
    expect((await payoutOf(creator.client, sent.body.id)).status).toBe('in_flight');

    const [delivered] = await paypal.process(batch.batch_header.payout_batch_id);
    expect((await outcomeOf(delivered as Response)).body.outcome).toBe('applied');
    // PayPal sends an event again until it is answered: the same event, and a late contrary one, change nothing.
    const again = await paypal.sendEvent('PAYMENT.PAYOUTS-ITEM.SUCCEEDED', item);
    expect((await outcomeOf(again)).body.outcome).toBe('unchanged');
    const late = await paypal.sendEvent('PAYMENT.PAYOUTS-ITEM.RETURNED', { ...item, transaction_status: 'RETURNED' });
    expect((await outcomeOf(late)).body.outcome).toBe('unchanged');
    expect(await usd(creator.client)).toMatchObject({ availableMinor: 0, paidOutMinor: 2400 });
    await expectLedgerBalances(server);

    // Events of items sent from elsewhere on the account, and of other kinds, change nothing here.
    const foreign = await paypal.sendEvent('PAYMENT.PAYOUTS-ITEM.SUCCEEDED', {
      ...item,
      payout_item: { ...item.payout_item, sender_item_id: 'x' },
    });
    expect((await outcomeOf(foreign)).body.outcome).toBe('unknown_payout');
    // A provider that is not on, or does not call back, has no webhook.
    const nowhere = await fetch(`${server.baseUrl}/api/webhooks/payouts/development`, { method: 'POST', body: '{}' });
    expect(await outcomeOf(nowhere)).toMatchObject({ status: 404, body: { type: 'not_found' } });
  });

  it('cancels an unclaimed item, puts the money back and tells the creator to check their PayPal address', async () => {
    const creator = await creatorWithEarnings(`unclaimed-${uniqueEmail('nobody')}`);
    const [me] = await rowsOf(server, sql`select email from users where id = ${creator.id}`);
    const mail = server.smtp.nextMailTo(String(me?.email));
    const sent = await withdraw(creator.client);
    const batch = paypal.batchOf(sent.body.id);
    const [delivered] = await paypal.process(batch?.batch_header.payout_batch_id as string);
    // PayPal's own event about the cancel races the answer to the first: one of them returns the money, the other changes nothing.
    const [cancelled] = await Promise.all(paypal.laterEvents.splice(0));
    const outcomes = [await outcomeOf(delivered as Response), await outcomeOf(cancelled as Response)].map(
      (outcome) => outcome.body.outcome,
    );
    expect(outcomes.sort()).toEqual(['applied', 'unchanged']);
    expect(batch?.items[0]?.transaction_status).toBe('RETURNED');

    const failed = await payoutOf(creator.client, sent.body.id);
    expect(failed).toMatchObject({ status: 'failed', failureCode: 'paypal_unclaimed' });
    expect(failed.failureMessage).toMatch(/Check the PayPal address in your payout method/);
    expect(await usd(creator.client)).toMatchObject({ availableMinor: 2400, inFlightMinor: 0, paidOutMinor: 0 });
    const notices = await server.context.database.db.select().from(moderationNotices).where(eq(moderationNotices.userId, creator.id));
    expect(notices.map((notice) => notice.kind)).toContain('payout_failed');
    expect((await mail).subject).toMatch(/could not be sent/);
    await expectLedgerBalances(server);
  });

  it('never cancels an unclaimed item another app on the PayPal account sent', async () => {
    const otherApp = new PayPalClient({ apiBase, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    const made = await otherApp.request('POST', '/v1/payments/payouts', {
      body: {
        sender_batch_header: { sender_batch_id: 'other-app-batch' },
        items: [
          {
            recipient_type: 'EMAIL',
            amount: { value: '5.00', currency: 'USD' },
            receiver: 'unclaimed-elsewhere@example.com',
            sender_item_id: 'other-app-item',
          },
        ],
      },
    });
    expect(made.status).toBe(201);
    const batch = paypal.batchOf('other-app-batch');
    const [delivered] = await paypal.process(batch?.batch_header.payout_batch_id as string);
    expect((await outcomeOf(delivered as Response)).body.outcome).toBe('unknown_payout');
    expect(batch?.items[0]?.transaction_status).toBe('UNCLAIMED');
  });

  it('puts the money of a returned item back, with what PayPal said of the account', async () => {
    const creator = await creatorWithEarnings(`returned-${uniqueEmail('unconfirmed')}`);
    const sent = await withdraw(creator.client);
    await paypal.process(paypal.batchOf(sent.body.id)?.batch_header.payout_batch_id as string);
    expect(await payoutOf(creator.client, sent.body.id)).toMatchObject({
      status: 'failed',
      failureCode: 'receiver_unconfirmed',
      failureMessage: expect.stringContaining('not confirmed'),
    });
    expect(await usd(creator.client)).toMatchObject({ availableMinor: 2400, paidOutMinor: 0 });
    await expectLedgerBalances(server);
  });

  it('puts the money of a paid item back when PayPal says it was refunded, once', async () => {
    const creator = await creatorWithEarnings();
    const sent = await withdraw(creator.client);
    const batch = paypal.batchOf(sent.body.id);
    await paypal.process(batch?.batch_header.payout_batch_id as string);
    expect(await payoutOf(creator.client, sent.body.id)).toMatchObject({ status: 'paid' });

    const item = batch?.items[0];
    if (!item) throw new Error('the batch has no item');
    item.transaction_status = 'REFUNDED';
    expect(await outcomeOf(await paypal.sendEvent('PAYMENT.PAYOUTS-ITEM.REFUNDED', item))).toEqual({
      status: 200,
      body: { received: true, outcome: 'applied' },
    });
    expect(await payoutOf(creator.client, sent.body.id)).toMatchObject({ status: 'failed', failureCode: 'paypal_refunded' });
    expect(await usd(creator.client)).toMatchObject({ availableMinor: 2400, paidOutMinor: 0 });
    expect((await paypal.sendEvent('PAYMENT.PAYOUTS-ITEM.REFUNDED', item)).status).toBe(200);
    expect(await usd(creator.client)).toMatchObject({ availableMinor: 2400, paidOutMinor: 0 });
    await expectLedgerBalances(server);
  });

  it('asks PayPal about payouts whose webhook never came, once they have been in flight a while', async () => {
    const paid = await creatorWithEarnings();
    const failed = await creatorWithEarnings(`failed-${uniqueEmail('locked')}`);
    const held = await creatorWithEarnings(`onhold-${uniqueEmail('review')}`);
    const payouts = [await withdraw(paid.client), await withdraw(failed.client), await withdraw(held.client)].map((sent) => sent.body.id);
    for (const id of payouts) await paypal.process(paypal.batchOf(id)?.batch_header.payout_batch_id as string, { deliver: false });

    // Too soon: their webhooks may still come.
    await server.context.payoutEvents.checkUnsettled();
    expect((await payoutOf(paid.client, payouts[0] as string)).status).toBe('in_flight');

    server.advanceClock(16 * 60_000);
    await server.context.payoutEvents.checkUnsettled();
    expect((await payoutOf(paid.client, payouts[0] as string)).status).toBe('paid');
    expect(await payoutOf(failed.client, payouts[1] as string)).toMatchObject({ status: 'failed', failureCode: 'receiver_account_locked' });
    expect(await usd(failed.client)).toMatchObject({ availableMinor: 2400 });
    // Under review at PayPal: still on its way.
    expect((await payoutOf(held.client, payouts[2] as string)).status).toBe('in_flight');
    await expectLedgerBalances(server);
  });

  it('makes one PayPal payout when the answer is lost and the payout is asked for again with its key', async () => {
    const creator = await creatorWithEarnings();
    const key = randomUUID();
    paypal.loseNextPayoutAnswer();
    const unanswered = await withdraw(creator.client, key);
    expect(unanswered.status).toBe(201);
    expect(unanswered.body.status).toBe('pending');
    const again = await withdraw(creator.client, key);
    expect(again.body).toMatchObject({ id: unanswered.body.id, status: 'in_flight' });
    expect([...paypal.batches.values()].filter((batch) => batch.batch_header.sender_batch_header.sender_batch_id === key)).toHaveLength(0);
    expect(
      [...paypal.batches.values()].filter((batch) => batch.batch_header.sender_batch_header.sender_batch_id === again.body.id),
    ).toHaveLength(1);

    // Long after, PayPal no longer keeps the request id; the sender_batch_id still leads to the first batch.
    const later = await creatorWithEarnings();
    paypal.loseNextPayoutAnswer();
    const lost = await withdraw(later.client);
    expect(lost.body.status).toBe('pending');
    paypal.forgetRequestIds();
    const found = await server.context.payouts.process(lost.body.id);
    expect(found).toMatchObject({ status: 'in_flight', providerRef: paypal.batchOf(lost.body.id)?.batch_header.payout_batch_id });
    expect(
      [...paypal.batches.values()].filter((batch) => batch.batch_header.sender_batch_header.sender_batch_id === lost.body.id),
    ).toHaveLength(1);
    await expectLedgerBalances(server);
  });

  it("keeps a payout waiting while the platform's PayPal balance is short, never blaming the creator", async () => {
    const creator = await creatorWithEarnings();
    paypal.balanceMinor = 1000;
    const waiting = await withdraw(creator.client);
    expect(waiting.status).toBe(201);
    expect(waiting.body).toMatchObject({ status: 'pending', failureCode: null });
    expect(await usd(creator.client)).toMatchObject({ availableMinor: 0 });
    paypal.balanceMinor = Number.MAX_SAFE_INTEGER;
    // Long after, its send job has given up (or not yet come round): the periodic check sends it again.
    server.advanceClock(6 * 60 * 60_000 + 60_000);
    await server.context.payoutEvents.checkUnsettled();
    expect((await payoutOf(creator.client, waiting.body.id)).status).toBe('in_flight');
    expect(paypal.batchOf(waiting.body.id)?.items).toHaveLength(1);
    await expectLedgerBalances(server);
  });
});
