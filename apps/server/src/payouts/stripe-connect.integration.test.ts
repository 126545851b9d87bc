import { randomUUID } from 'node:crypto';
import { DAY_MS } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorWithPlan, expectLedgerBalances, memberPays } from '../../test/money-fixtures.js';
import { StripeStandIn } from '../../test/stripe-stand-in.js';
import { type ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { loadConfig } from '../config/config.js';
import { moderationNotices, payoutProviderAccounts } from '../db/schema.js';
import { signWebhookPayload } from '../integrations/stripe/webhook-signature.js';
import { StripeConnectPayoutProvider } from './stripe-connect.js';

/**
 * Payouts through Stripe Connect, with Stripe played by the local stand-in: the creator opens an
 * Express account through the hosted onboarding, its state follows `account.updated`, and each
 * payout is one transfer to it, keyed by the payout's id.
 */

const SECRET_KEY = 'sk_test_connect';
const CONNECT_SECRET = 'whsec_connect';
let stripe: StripeStandIn;
let stripeBase: string;
let server: TestServer;
beforeAll(async () => {
  stripe = new StripeStandIn({
    secretKey: SECRET_KEY,
    webhookSecret: 'whsec_payments',
    connectWebhookSecret: CONNECT_SECRET,
    clock: () => server.context.now(),
  });
  stripeBase = await stripe.start();
  server = await startTestServer({
    PAYOUT_PROVIDERS: 'stripe_connect',
    STRIPE_API_BASE: stripeBase,
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
  });
  stripe.connectWebhookUrl = webhookUrl();
});
afterAll(async () => {
  await server?.close();
  await stripe?.stop();
});

const webhookUrl = () => `${server.baseUrl}/api/webhooks/payouts/stripe_connect`;
const db = () => server.context.database.db;
const HOLD_MS = 7 * DAY_MS;

/** A creator who earned 24.00 USD and pays out to a German bank account. */
async function earningCreator() {
  const creator = await creatorWithPlan(server, 3000);
  const bank = await creator.client.post('/api/payout-methods', {
    type: 'bank_account',
    holderName: 'Ada Gold',
    country: 'DE',
    currency: 'EUR',
    iban: 'DE89 3704 0044 0532 0130 00',
  });
  expect(bank.status).toBe(201);
  await memberPays(server, creator.planId);
  return creator;
}

const account = async (client: ApiClient) => {
  const response = await client.get('/api/creator/payouts/account');
  expect(response.status).toBe(200);
  return response.body;
};
const withdraw = (client: ApiClient, idempotencyKey = randomUUID()) =>
  client.post('/api/creator/payouts', { currency: 'USD', idempotencyKey });

/** Goes through Stripe's hosted onboarding as the creator's browser does; answers where Stripe sends them back. */
async function onboard(client: ApiClient, outcome: 'submit' | 'later' = 'submit'): Promise<string> {
  const link = await client.post('/api/creator/payouts/onboarding', {});
  expect(link.status).toBe(200);
  const page = await fetch(link.body.url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Agree and submit');
  const submitted = await fetch(link.body.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome }),
    redirect: 'manual',
  });
  expect(submitted.status).toBe(303);
  return submitted.headers.get('location') ?? '';
}

const accountRow = async (creatorId: string) =>
  (await db().select().from(payoutProviderAccounts).where(eq(payoutProviderAccounts.creatorId, creatorId)))[0];

describe(`payouts through Stripe Connect (${TEST_DRIVER})`, () => {
  it('has the creator open an Express account through Stripe, then pays each payout with one transfer to it', async () => {
    const creator = await earningCreator();
    server.advanceClock(HOLD_MS + DAY_MS);
    await server.context.ledger.release(db());
    const before = await account(creator.client);
    expect(before.methodProvider).toBe('stripe_connect');
    expect(before.providerAccount).toEqual({ provider: 'stripe_connect', state: 'not_started', needs: [] });
    expect(before.balances[0]).toMatchObject({ availableMinor: 2400, withdrawBlock: 'provider_onboarding' });
    const refused = await withdraw(creator.client);
    expect(refused.status).toBe(409);
    expect(refused.body.type).toBe('payout_onboarding_needed');

    // Leaving the onboarding half way: the account is open, and Stripe still needs details.
    expect(await onboard(creator.client, 'later')).toBe('http://127.0.0.1:1/creator/payouts?onboarding=return');
    const opened = await accountRow(creator.id);
    const stripeAccount = stripe.connect.accounts.get(opened?.externalId ?? '');
    expect(stripeAccount).toMatchObject({
      type: 'express',
      country: 'DE',
      email: expect.stringContaining('@'),
      metadata: { creator_id: creator.id },
    });
    const halfWay = await account(creator.client);
    expect(halfWay.providerAccount.state).toBe('incomplete');
    expect(halfWay.providerAccount.needs).toContain('The bank account Stripe pays into');
    expect(halfWay.providerAccount.needs).toContain("Your acceptance of Stripe's terms");

    // Back to the same account, finished this time: the webhook makes it ready.
    await onboard(creator.client);
    expect(stripe.connect.accounts.size).toBeGreaterThanOrEqual(1);
    expect((await accountRow(creator.id))?.externalId).toBe(opened?.externalId);
    const ready = await account(creator.client);
    expect(ready.providerAccount).toEqual({ provider: 'stripe_connect', state: 'ready', needs: [] });
    expect(ready.balances[0].withdrawBlock).toBeNull();

    const paid = await withdraw(creator.client);
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ status: 'paid', provider: 'stripe_connect', amountMinor: 2400, currency: 'USD' });
    const transfers = [...stripe.connect.transfers.values()].filter((transfer) => transfer.destination === opened?.externalId);
    expect(transfers).toEqual([
      expect.objectContaining({
        amount: 2400,
        currency: 'usd',
        transfer_group: paid.body.id,
        metadata: expect.objectContaining({ payout_id: paid.body.id }),
      }),
    ]);
    const request = stripe.requests.find((asked) => asked.path === '/v1/transfers' && asked.form.get('transfer_group') === paid.body.id);
    expect(request?.headers['idempotency-key']).toBe(paid.body.id);
    expect((await account(creator.client)).balances[0]).toMatchObject({ availableMinor: 0, paidOutMinor: 2400 });
    await expectLedgerBalances(server);
  });

  it('makes one transfer for a payout asked about again after its answer was lost', async () => {
    const creator = await earningCreator();
    await onboard(creator.client);
    server.advanceClock(HOLD_MS + DAY_MS);
    stripe.failNext(500, 'Stripe had a problem', '/v1/transfers');
    const lost = await withdraw(creator.client);
    expect(lost.status).toBe(201);
    expect(lost.body.status).toBe('pending');
    // The send job asks again with the same key; a second ask after that changes nothing.
    await server.context.payouts.process(lost.body.id);
    await server.context.payouts.process(lost.body.id);
    const history = await creator.client.get('/api/creator/payouts');
    expect(history.body.items[0]).toMatchObject({ id: lost.body.id, status: 'paid' });
    expect([...stripe.connect.transfers.values()].filter((transfer) => transfer.transfer_group === lost.body.id)).toHaveLength(1);
    await expectLedgerBalances(server);
  });

  it("answers a transfer asked for again with the same key with Stripe's first one", async () => {
    const creator = await earningCreator();
    await onboard(creator.client);
    const externalId = (await accountRow(creator.id))?.externalId ?? '';
    const provider = new StripeConnectPayoutProvider({
      apiBase: stripeBase,
      secretKey: SECRET_KEY,
      webhookSecret: CONNECT_SECRET,
      now: () => new Date(),
    });
    const request = {
      idempotencyKey: randomUUID(),
      creatorId: creator.id,
      amountMinor: 2400,
      currency: 'USD',
      destination: { type: 'paypal', label: 'x', email: 'x@example.com', providerAccountId: externalId },
    } as const;
    const first = await provider.send(request);
    const again = await provider.send(request);
    expect(first.status).toBe('paid');
    expect(again).toEqual(first);
    expect([...stripe.connect.transfers.values()].filter((transfer) => transfer.transfer_group === request.idempotencyKey)).toHaveLength(1);
  });

  it('stops payouts when Stripe needs more of the creator, and tells them what', async () => {
    const creator = await earningCreator();
    await onboard(creator.client);
    const externalId = (await accountRow(creator.id))?.externalId ?? '';
    await stripe.connect.requireMore(externalId, ['individual.verification.document', 'individual.dob.day']);
    server.advanceClock(HOLD_MS + DAY_MS);
    const stopped = await account(creator.client);
    expect(stopped.providerAccount).toEqual({
      provider: 'stripe_connect',
      state: 'disabled',
      needs: ['A photo of your identity document', 'Your date of birth', 'Stripe paused the account until it gets the details above.'],
    });
    expect(stopped.balances[0].withdrawBlock).toBe('provider_onboarding');
    expect((await withdraw(creator.client)).body.type).toBe('payout_onboarding_needed');

    // Given at Stripe, and the webhook missed: the creator's return reads the account again.
    stripe.connect.complete(stripe.connect.accounts.get(externalId)!);
    const refreshed = await creator.client.post('/api/creator/payouts/onboarding/refresh', {});
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.providerAccount.state).toBe('ready');
    expect((await withdraw(creator.client)).body.status).toBe('paid');
  });

  it("returns the money when Stripe refuses the transfer, and waits when the platform's own balance is short", async () => {
    const creator = await earningCreator();
    await onboard(creator.client);
    const externalId = (await accountRow(creator.id))?.externalId ?? '';
    server.advanceClock(HOLD_MS + DAY_MS);

    stripe.connect.platformBalance = new Map([['usd', 100]]);
    const waiting = await withdraw(creator.client);
    expect(waiting.body.status).toBe('pending');
    stripe.connect.platformBalance = null;

    // Stripe turned the account's transfers off and its webhook has not come yet.
    stripe.connect.accounts.get(externalId)!.capabilities.transfers = 'inactive';
    await server.context.payouts.process(waiting.body.id);
    const history = await creator.client.get('/api/creator/payouts');
    expect(history.body.items[0]).toMatchObject({
      status: 'failed',
      failureCode: 'insufficient_capabilities_for_transfer',
      failureMessage: expect.stringContaining('Check your account on Stripe'),
    });
    expect((await account(creator.client)).balances[0]).toMatchObject({ availableMinor: 2400, paidOutMinor: 0 });
    const notices = await db().select().from(moderationNotices).where(eq(moderationNotices.userId, creator.id));
    expect(notices.map((notice) => notice.kind)).toContain('payout_failed');
    await expectLedgerBalances(server);
  });

  it("takes only Stripe's signed events, and events of accounts it does not know change nothing", async () => {
    const body = JSON.stringify({
      id: 'evt_1',
      type: 'account.updated',
      data: { object: { id: 'acct_unknown', payouts_enabled: true, capabilities: { transfers: 'active' } } },
    });
    const post = (signature: string, url = webhookUrl()) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body });
    const now = Math.floor(server.context.now().getTime() / 1000);
    expect((await post(signWebhookPayload(CONNECT_SECRET, body, now))).status).toBe(200);
    const forged = await post(signWebhookPayload('whsec_payments', body, now));
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { type: string }).type).toBe('webhook_signature_invalid');
    expect((await post(signWebhookPayload(CONNECT_SECRET, body, now), `${server.baseUrl}/api/webhooks/payouts/paypal`)).status).toBe(404);
  });

  it('needs no account for a method another provider pays, and the keys to turn it on', async () => {
    const creator = await creatorWithPlan(server, 3000);
    const view = await account(creator.client);
    expect(view.methodProvider).toBeNull();
    expect(view.providerAccount).toBeNull();
    expect((await creator.client.post('/api/creator/payouts/onboarding', {})).body.type).toBe('payout_onboarding_not_needed');
    expect(() => loadConfig({ NODE_ENV: 'test', PAYOUT_PROVIDERS: 'stripe_connect', STRIPE_SECRET_KEY: SECRET_KEY })).toThrow(
      /STRIPE_CONNECT_WEBHOOK_SECRET/,
    );
  });
});
