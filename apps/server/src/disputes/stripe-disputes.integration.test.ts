import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueHandle } from '../../test/content-fixtures.js';
import { creatorWithPlan, expectLedgerBalances as ledgerBalances } from '../../test/money-fixtures.js';
import { STAND_IN_DISPUTE_FEE as FEE, StripeStandIn } from '../../test/stripe-stand-in.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { charges, ledgerEntries } from '../db/schema.js';
import { signWebhookPayload } from '../integrations/stripe/webhook-signature.js';

/** Stripe's `charge.dispute.*` webhooks against a whole server, with Stripe played by the local stand-in. */

const ADMIN_EMAIL = 'stripe-dispute-admin@example.com';
let stripe: StripeStandIn;
let server: TestServer;
let admin: ApiClient;
beforeAll(async () => {
  stripe = new StripeStandIn({ secretKey: 'sk_test_disputes', webhookSecret: 'whsec_disputes' });
  server = await startTestServer({
    ADMIN_EMAILS: ADMIN_EMAIL,
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_API_BASE: await stripe.start(),
    STRIPE_SECRET_KEY: 'sk_test_disputes',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_disputes',
    STRIPE_PAYMENTS_WEBHOOK_SECRET: 'whsec_disputes',
  });
  admin = new ApiClient(server);
  await admin.register(ADMIN_EMAIL, uniqueHandle('stripedisputes'));
  await admin.addAuthenticatorApp();
});
afterAll(async () => {
  await server?.close();
  await stripe?.stop();
});

const db = () => server.context.database.db;
const webhookUrl = () => `${server.baseUrl}/api/webhooks/payments/stripe`;
const expectLedgerBalances = () => ledgerBalances(server);
const outcomeOf = async (delivery: Promise<{ response: Response }>) => {
  const { response } = await delivery;
  return { status: response.status, body: (await response.json()) as { outcome?: string; type?: string } };
};

/** A member pays the creator's plan with a Stripe card: our charge and its PaymentIntent. */
async function stripePayment(planId: string) {
  const member = await signUp(server, 'stripedisputer');
  const method = await member.client.post('/api/payment-methods', { token: stripe.createTestPaymentMethod('4242424242424242') });
  const subscribed = await member.client.post('/api/subscriptions', {
    planId,
    paymentMethodId: method.body.id,
    idempotencyKey: randomUUID(),
  });
  expect(subscribed.status).toBe(201);
  const [charge] = await db().select().from(charges).where(eq(charges.userId, member.id));
  if (!charge?.providerRef) throw new Error('the subscription made no Stripe payment');
  return { chargeId: charge.id, intentId: charge.providerRef };
}
const entries = async (chargeId: string) =>
  Object.fromEntries(
    (await db().select().from(ledgerEntries).where(eq(ledgerEntries.chargeId, chargeId))).map((entry) => [entry.kind, entry.amountMinor]),
  );
const pending = async (client: ApiClient) =>
  (await client.get('/api/creator/payouts/account')).body.balances.find((balance: { currency: string }) => balance.currency === 'USD')
    .pendingMinor;

describe(`Stripe disputes (${TEST_DRIVER})`, () => {
  it('debits the creator when Stripe takes the funds, once however often it says so, and credits them back when won', async () => {
    const creator = await creatorWithPlan(server, 3000);
    const { chargeId, intentId } = await stripePayment(creator.planId);
    const created = stripe.sendDisputeEvent(webhookUrl(), 'charge.dispute.created', intentId, { status: 'needs_response' });
    const first = await created;
    expect(first.response.status).toBe(200);
    expect(((await first.response.json()) as { outcome: string }).outcome).toBe('applied');
    expect(await pending(creator.client)).toBe(2400 - 2400 - FEE);
    const listed = (await admin.get('/api/admin/disputes?open=true&limit=100')).body.items.find(
      (item: { chargeId: string }) => item.chargeId === chargeId,
    );
    expect(listed).toMatchObject({
      provider: 'stripe',
      providerRef: first.dispute.id,
      amountMinor: 3000,
      feeMinor: FEE,
      status: 'needs_response',
      reason: 'fraudulent',
      evidenceUrl: `https://dashboard.stripe.com/disputes/${first.dispute.id}`,
    });
    expect(new Date(listed.evidenceDueBy).getTime()).toBe((first.dispute.evidence_details.due_by ?? 0) * 1000);
    await expectLedgerBalances();

    // The same delivery again changes nothing.
    const again = await stripe.deliver(webhookUrl(), first.body, first.signature);
    expect(((await again.json()) as { outcome: string }).outcome).toBe('unchanged');
    const debited = await entries(chargeId);
    expect(debited).toMatchObject({ chargeback: -3000, creator_earning_chargeback: -2400, creator_earning_dispute_fee: -FEE });

    const review = await outcomeOf(stripe.sendDisputeEvent(webhookUrl(), 'charge.dispute.updated', intentId, { status: 'under_review' }));
    expect(review.body.outcome).toBe('applied');
    expect(await entries(chargeId)).toEqual(debited);

    const won = await outcomeOf(
      stripe.sendDisputeEvent(webhookUrl(), 'charge.dispute.closed', intentId, { status: 'won', feeReturned: true }),
    );
    expect(won.body.outcome).toBe('applied');
    expect(await entries(chargeId)).toMatchObject({ creator_earning_chargeback_won: 2400, creator_earning_dispute_fee_returned: FEE });
    expect(await pending(creator.client)).toBe(2400);
    // A late update from before the decision changes nothing.
    const late = await outcomeOf(stripe.sendDisputeEvent(webhookUrl(), 'charge.dispute.updated', intentId, { status: 'under_review' }));
    expect(late.body.outcome).toBe('unchanged');
    expect((await admin.get('/api/admin/disputes?status=won&limit=100')).body.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ chargeId, outcome: 'won', feeReturnedMinor: FEE })]),
    );
    await expectLedgerBalances();
  });

  it('reads a lost dispute whose closing comes first, an inquiry that takes nothing, and a part of a payment disputed', async () => {
    const creator = await creatorWithPlan(server, 3000);
    const lost = await stripePayment(creator.planId);
    const closed = await outcomeOf(stripe.sendDisputeEvent(webhookUrl(), 'charge.dispute.closed', lost.intentId, { status: 'lost' }));
    expect(closed.body.outcome).toBe('applied');
    const created = await outcomeOf(stripe.sendDisputeEvent(webhookUrl(), 'charge.dispute.created', lost.intentId, { status: 'lost' }));
    expect(created.body.outcome).toBe('unchanged');
    expect(await entries(lost.chargeId)).toMatchObject({ chargeback: -3000, creator_earning_dispute_fee: -FEE });
    expect(Object.keys(await entries(lost.chargeId))).not.toContain('chargeback_won');

    const inquiry = await stripePayment(creator.planId);
    await stripe.sendDisputeEvent(webhookUrl(), 'charge.dispute.created', inquiry.intentId, { status: 'warning_needs_response' });
    await stripe.sendDisputeEvent(webhookUrl(), 'charge.dispute.closed', inquiry.intentId, { status: 'warning_closed' });
    expect(Object.keys(await entries(inquiry.chargeId)).sort()).toEqual(['creator_earning', 'payment', 'platform_fee']);

    // The same notification delivered twice at once posts once (made unsent: signed with another secret, then signed right).
    const twice = await stripePayment(creator.planId);
    const unsent = await stripe.sendDisputeEvent(webhookUrl(), 'charge.dispute.created', twice.intentId, {
      status: 'needs_response',
      secret: 'whsec_elsewhere',
    });
    const signature = signWebhookPayload('whsec_disputes', unsent.body, Math.floor(Date.now() / 1000));
    const outcomes = await Promise.all(
      [0, 1].map(async () => ((await (await stripe.deliver(webhookUrl(), unsent.body, signature)).json()) as { outcome: string }).outcome),
    );
    expect(outcomes.sort()).toEqual(['applied', 'unchanged']);
    expect(await entries(twice.chargeId)).toMatchObject({ chargeback: -3000, creator_earning_dispute_fee: -FEE });

    const part = await stripePayment(creator.planId);
    await stripe.sendDisputeEvent(webhookUrl(), 'charge.dispute.created', part.intentId, { status: 'needs_response', amount: 1000 });
    expect(await entries(part.chargeId)).toMatchObject({
      chargeback: -1000,
      platform_fee_chargeback: -200,
      creator_earning_chargeback: -800,
    });
    await expectLedgerBalances();
  });

  it('refuses a forged dispute event, and offers test disputes only with the development provider', async () => {
    const creator = await creatorWithPlan(server, 3000);
    const { chargeId, intentId } = await stripePayment(creator.planId);
    const forged = await outcomeOf(
      stripe.sendDisputeEvent(webhookUrl(), 'charge.dispute.created', intentId, { status: 'needs_response', secret: 'whsec_forger' }),
    );
    expect(forged).toMatchObject({ status: 400, body: { type: 'webhook_signature_invalid' } });
    expect(Object.keys(await entries(chargeId))).not.toContain('chargeback');
    const test = await admin.post(`/api/admin/payments/${chargeId}/test-dispute`, { reason: 'Trying' });
    expect(test.status).toBe(404);
    await expectLedgerBalances();
  });
});
