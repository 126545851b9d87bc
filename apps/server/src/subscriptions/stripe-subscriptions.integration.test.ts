import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivePlan, signUp } from '../../test/content-fixtures.js';
import { StripeStandIn } from '../../test/stripe-stand-in.js';
import { type ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { charges } from '../db/schema.js';

/** Subscribing through the Stripe adapter, with Stripe played by the local stand-in. */

let stripe: StripeStandIn;
let server: TestServer;
beforeAll(async () => {
  stripe = new StripeStandIn({ secretKey: 'sk_test_subs', webhookSecret: 'whsec_subs' });
  server = await startTestServer({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_API_BASE: await stripe.start(),
    STRIPE_SECRET_KEY: 'sk_test_subs',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_subs',
    STRIPE_PAYMENTS_WEBHOOK_SECRET: 'whsec_subs',
  });
});
afterAll(async () => {
  await server?.close();
  await stripe?.stop();
});

async function memberWithCard(number = '4242424242424242'): Promise<{ client: ApiClient; id: string; methodId: string }> {
  const member = await signUp(server, 'stripefan');
  const method = await member.client.post('/api/payment-methods', { token: stripe.createTestPaymentMethod(number) });
  expect(method.status).toBe(201);
  return { ...member, methodId: method.body.id };
}

async function planWithPost() {
  const creator = await signUp(server, 'stripeseller', { creator: true });
  const planId = await createActivePlan(creator.client, 'Stripe plan', 900);
  const post = await creator.client.post('/api/posts', { text: 'behind the paywall', access: [planId] });
  return { planId, postId: post.body.id as string };
}

const webhookUrl = () => `${server.baseUrl}/api/webhooks/payments/stripe`;

describe(`subscribing with Stripe (${TEST_DRIVER})`, () => {
  it('tells the browser to use Stripe.js with the publishable key and never takes card details itself', async () => {
    const member = await signUp(server, 'stripeconfig');
    expect((await member.client.get('/api/payments/config')).body).toEqual({ provider: 'stripe', publishableKey: 'pk_test_subs' });
    const direct = await member.client.post('/api/payments/dev/tokens', {
      type: 'card',
      number: '4242424242424242',
      expMonth: 1,
      expYear: 2099,
      cvc: '123',
    });
    expect(direct.status).toBe(404);
  });

  it('charges the card once through Stripe and unlocks; a declined card leaves the post locked', async () => {
    const { planId, postId } = await planWithPost();
    const fan = await memberWithCard();
    const paidBefore = stripe.succeededPayments().length;
    const subscribed = await fan.client.post('/api/subscriptions', { planId, paymentMethodId: fan.methodId, idempotencyKey: randomUUID() });
    expect(subscribed.status).toBe(201);
    expect(subscribed.body.paymentMethod.displayText).toBe('Credit Card ending in 4242');
    expect(stripe.succeededPayments().length).toBe(paidBefore + 1);
    expect(stripe.succeededPayments().at(-1)).toMatchObject({ amount: 900, currency: 'usd' });
    expect((await fan.client.get(`/api/posts/${postId}`)).body.locked).toBe(false);

    const unlucky = await memberWithCard('4000000000000341');
    const declined = await unlucky.client.post('/api/subscriptions', {
      planId,
      paymentMethodId: unlucky.methodId,
      idempotencyKey: randomUUID(),
    });
    expect(declined.status).toBe(402);
    expect(declined.body.type).toBe('payment_declined');
    expect((await unlucky.client.get(`/api/posts/${postId}`)).body.locked).toBe(true);
  });

  it('when Stripe never answers, holds further attempts, closes the charge after the reconciler gives up, and still honours a late success', async () => {
    const { planId, postId } = await planWithPost();
    const fan = await memberWithCard();
    stripe.failNext(500, 'Something went wrong on Stripe’s end.');
    const unanswered = await fan.client.post('/api/subscriptions', { planId, paymentMethodId: fan.methodId, idempotencyKey: randomUUID() });
    expect(unanswered.status).toBe(502);
    expect(unanswered.body.type).toBe('payment_provider_unavailable');
    const [pending] = await server.context.database.db.select().from(charges).where(eq(charges.userId, fan.id));
    expect(pending?.status).toBe('pending');

    const meanwhile = await fan.client.post('/api/subscriptions', { planId, paymentMethodId: fan.methodId, idempotencyKey: randomUUID() });
    expect(meanwhile.status).toBe(409);
    expect(meanwhile.body.type).toBe('payment_in_progress');

    await server.context.charges.giveUp(pending?.id ?? '');
    const [closed] = await server.context.database.db.select().from(charges).where(eq(charges.userId, fan.id));
    expect(closed).toMatchObject({ status: 'failed', failureCode: 'provider_unresolved' });
    expect((await fan.client.get('/api/subscriptions')).body.items).toEqual([]);

    // Stripe did take the money after all, and says so: the member gets what they paid for.
    const someIntent = stripe.succeededPayments()[0];
    if (!someIntent) throw new Error('the stand-in holds no payment');
    const late = await stripe.sendPaymentEvent(webhookUrl(), 'payment_intent.succeeded', someIntent.id, {
      metadata: { charge_id: pending?.id ?? '' },
    });
    expect(await late.response.json()).toEqual({ received: true, outcome: 'applied' });
    expect((await fan.client.get('/api/subscriptions')).body.items).toEqual([expect.objectContaining({ status: 'active' })]);
    expect((await fan.client.get(`/api/posts/${postId}`)).body.locked).toBe(false);
    const resent = await stripe.deliver(webhookUrl(), late.body, late.signature);
    expect(await resent.json()).toEqual({ received: true, outcome: 'unchanged' });
  });

  it('refuses a webhook signed with another secret and ignores events about payments it did not make', async () => {
    const fan = await memberWithCard();
    const { planId } = await planWithPost();
    await fan.client.post('/api/subscriptions', { planId, paymentMethodId: fan.methodId, idempotencyKey: randomUUID() });
    const intent = stripe.succeededPayments().at(-1);
    if (!intent) throw new Error('the stand-in holds no payment');
    const forged = await stripe.sendPaymentEvent(webhookUrl(), 'payment_intent.succeeded', intent.id, { secret: 'whsec_other' });
    expect(forged.response.status).toBe(400);
    const foreign = await stripe.sendPaymentEvent(webhookUrl(), 'payment_intent.succeeded', intent.id, {
      metadata: { order: 'elsewhere' },
    });
    expect(await foreign.response.json()).toEqual({ received: true, outcome: 'ignored' });
  });
});
