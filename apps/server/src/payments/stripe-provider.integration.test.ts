import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAND_IN_DISPUTE_FEE, StripeStandIn } from '../../test/stripe-stand-in.js';
import { AppError } from '../http/errors.js';
import { signWebhookPayload } from '../integrations/stripe/webhook-signature.js';
import { type ChargeRequest, PaymentMethodRejected, PaymentProviderError } from './provider.js';
import { StripePaymentProvider } from './stripe-provider.js';

const SECRET_KEY = 'sk_test_aurum_payments_key';
const PUBLISHABLE_KEY = 'pk_test_aurum_payments_key';
const WEBHOOK_SECRET = 'whsec_aurum_payments_secret';

let stripe: StripeStandIn;
let provider: StripePaymentProvider;
let apiBase: string;
let receiver: Server;
let webhookUrl: string;

const providerAt = (base: string, secretKey = SECRET_KEY) =>
  new StripePaymentProvider({
    apiBase: base,
    secretKey,
    publishableKey: PUBLISHABLE_KEY,
    webhookSecret: WEBHOOK_SECRET,
    now: () => new Date(),
  });

beforeAll(async () => {
  stripe = new StripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  apiBase = await stripe.start();
  provider = providerAt(apiBase);
  // Our side of the webhook: the raw body and headers as they arrive, read by the adapter.
  receiver = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    try {
      const event = provider.parseWebhook(request.headers, Buffer.concat(chunks));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ event }));
    } catch (error) {
      const known = error instanceof AppError;
      response.writeHead(known ? error.statusCode : 500, { 'content-type': 'application/json' });
      response.end(JSON.stringify(known ? error.toBody() : { type: 'crash', message: String(error) }));
    }
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/payments/stripe`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  await stripe?.stop();
});

async function customerWithCard(number = '4242424242424242') {
  const customerRef = await provider.createCustomer({ userId: randomUUID(), email: 'member@example.com' });
  const method = await provider.attachPaymentMethod({ customerRef, token: stripe.createTestPaymentMethod(number) });
  return { customerRef, methodRef: method.providerRef };
}

const chargeOf = (refs: { customerRef: string; methodRef: string }, overrides: Partial<ChargeRequest> = {}): ChargeRequest => ({
  idempotencyKey: randomUUID(),
  ...refs,
  amountMinor: 999,
  currency: 'EUR',
  description: 'Aurum subscription: Gold tier',
  offSession: false,
  metadata: { subscription_id: 'sub-1' },
  ...overrides,
});

const lastRequestTo = (path: string) => stripe.requests.filter((request) => request.path === path).at(-1);

describe('StripePaymentProvider against the Stripe stand-in', () => {
  it('gives the browser the publishable key, never the secret one', () => {
    expect(provider.clientConfig()).toEqual({ provider: 'stripe', publishableKey: PUBLISHABLE_KEY });
  });

  it('creates one customer per member, however often it is asked', async () => {
    const userId = randomUUID();
    const first = await provider.createCustomer({ userId, email: 'once@example.com' });
    const again = await provider.createCustomer({ userId, email: 'once@example.com' });
    expect(first).toMatch(/^cus_/);
    expect(again).toBe(first);
    expect([...stripe.customers.values()].filter((customer) => customer.metadata.user_id === userId)).toEqual([
      expect.objectContaining({ id: first, email: 'once@example.com' }),
    ]);
    const call = lastRequestTo('/v1/customers');
    expect(call?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(call?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(call?.headers['idempotency-key']).toContain(userId);

    expect(await provider.createCustomer({ userId: randomUUID(), email: 'once@example.com' })).not.toBe(first);
  });

  it('attaches cards and PayPal accounts and describes them', async () => {
    const customerRef = await provider.createCustomer({ userId: randomUUID(), email: 'cards@example.com' });
    const visaToken = stripe.createTestPaymentMethod('4242424242424242', { month: 8, year: 2031 });
    expect(await provider.attachPaymentMethod({ customerRef, token: visaToken })).toEqual({
      providerRef: visaToken,
      type: 'card',
      brand: 'visa',
      last4: '4242',
      email: null,
      expMonth: 8,
      expYear: 2031,
    });
    expect(stripe.paymentMethods.get(visaToken)?.customer).toBe(customerRef);

    const mastercard = await provider.attachPaymentMethod({ customerRef, token: stripe.createTestPaymentMethod('5555 5555 5555 4444') });
    expect(mastercard).toMatchObject({ type: 'card', brand: 'mastercard', last4: '4444' });

    // Made over the API the way Stripe.js makes one in the browser.
    const created = async (number: string) => {
      const form = { type: 'card', 'card[number]': number, 'card[exp_month]': '2', 'card[exp_year]': '2032', 'card[cvc]': '314' };
      const response = await fetch(`${apiBase}/v1/payment_methods`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form),
      });
      return { status: response.status, body: (await response.json()) as any };
    };
    expect((await created('4242424242424241')).body.error).toMatchObject({ type: 'card_error', code: 'incorrect_number' });
    const amex = await created('378282246310005');
    expect(await provider.attachPaymentMethod({ customerRef, token: amex.body.id })).toMatchObject({
      brand: 'amex',
      last4: '0005',
      expMonth: 2,
      expYear: 2032,
    });

    const paypalToken = stripe.createTestPayPalMethod('payer@example.com');
    expect(await provider.attachPaymentMethod({ customerRef, token: paypalToken })).toEqual({
      providerRef: paypalToken,
      type: 'paypal',
      brand: null,
      last4: null,
      email: 'payer@example.com',
      expMonth: null,
      expYear: null,
    });
  });

  it('rejects unknown tokens and cards the bank refuses, as the member’s problem', async () => {
    const customerRef = await provider.createCustomer({ userId: randomUUID(), email: 'refused@example.com' });
    const attach = (token: string) => provider.attachPaymentMethod({ customerRef, token });

    await expect(attach('pm_made_up')).rejects.toMatchObject({ name: 'PaymentMethodRejected', code: 'resource_missing' });
    await expect(attach(stripe.createTestPaymentMethod('4000000000000002'))).rejects.toMatchObject({
      code: 'generic_decline',
      message: 'Your card was declined.',
    });
    await expect(attach(stripe.createTestPaymentMethod('4000000000000069'))).rejects.toMatchObject({ code: 'expired_card' });

    // A method already on someone else's customer cannot be taken over.
    const { methodRef } = await customerWithCard();
    await expect(attach(methodRef)).rejects.toBeInstanceOf(PaymentMethodRejected);
    expect(stripe.paymentMethods.get(methodRef)?.customer).not.toBe(customerRef);
  });

  it('detaches methods, and treats one already gone as detached', async () => {
    const refs = await customerWithCard();
    await provider.detachPaymentMethod(refs);
    expect(stripe.paymentMethods.get(refs.methodRef)?.customer).toBeNull();
    await provider.detachPaymentMethod(refs);
    await provider.detachPaymentMethod({ customerRef: refs.customerRef, methodRef: 'pm_never_existed' });
    // Stripe never charges a detached method again.
    expect(await provider.charge(chargeOf(refs))).toMatchObject({ status: 'failed', providerRef: null });
  });

  it('charges a good card once, with our charge id and metadata on the payment intent', async () => {
    const refs = await customerWithCard();
    const before = stripe.succeededPayments().length;
    const request = chargeOf(refs);
    const result = await provider.charge(request);

    expect(result).toEqual({ status: 'succeeded', providerRef: expect.stringMatching(/^pi_/) });
    const intent = stripe.paymentIntents.get(result.providerRef ?? '');
    expect(intent).toMatchObject({
      amount: 999,
      amount_received: 999,
      currency: 'eur',
      customer: refs.customerRef,
      payment_method: refs.methodRef,
      description: 'Aurum subscription: Gold tier',
      metadata: { charge_id: request.idempotencyKey, subscription_id: 'sub-1' },
      status: 'succeeded',
    });
    expect(stripe.succeededPayments()).toHaveLength(before + 1);
    const call = lastRequestTo('/v1/payment_intents');
    expect(call?.headers['idempotency-key']).toBe(request.idempotencyKey);
    expect(call?.form.get('currency')).toBe('eur');
    expect(call?.form.get('confirm')).toBe('true');
    expect(call?.form.get('automatic_payment_methods[allow_redirects]')).toBe('never');
    expect(call?.form.has('off_session')).toBe(false);
    expect(call?.form.has('return_url')).toBe(false);
  });

  it('charges renewals off session, and a caller cannot overwrite the charge id', async () => {
    const refs = await customerWithCard();
    const request = chargeOf(refs, { offSession: true, metadata: { charge_id: 'forged' } });
    const result = await provider.charge(request);
    expect(result.status).toBe('succeeded');
    expect(lastRequestTo('/v1/payment_intents')?.form.get('off_session')).toBe('true');
    expect(stripe.paymentIntents.get(result.providerRef ?? '')?.metadata.charge_id).toBe(request.idempotencyKey);
  });

  it('reports declines as failed results carrying the failed payment intent', async () => {
    const before = stripe.succeededPayments().length;
    // Stripe refuses to attach 4000000000000002, so it is charged the way a first payment with a fresh token would be.
    const customerRef = await provider.createCustomer({ userId: randomUUID(), email: 'declined@example.com' });
    const declined = await provider.charge(chargeOf({ customerRef, methodRef: stripe.createTestPaymentMethod('4000000000000002') }));
    expect(declined).toEqual({
      status: 'failed',
      providerRef: expect.stringMatching(/^pi_/),
      code: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect(stripe.paymentIntents.get(declined.providerRef ?? '')?.status).toBe('requires_payment_method');

    // 4000000000000341 is accepted when saved, then declined at every charge.
    const renewal = await provider.charge(chargeOf(await customerWithCard('4000000000000341'), { offSession: true }));
    expect(renewal).toMatchObject({ status: 'failed', code: 'generic_decline', providerRef: expect.stringMatching(/^pi_/) });
    expect(stripe.succeededPayments()).toHaveLength(before);
  });

  it('fails payments that want 3-D Secure, on session and off', async () => {
    const refs = await customerWithCard('4000002760003184');
    const onSession = await provider.charge(chargeOf(refs));
    expect(onSession).toMatchObject({ status: 'failed', code: 'authentication_required' });
    expect(stripe.paymentIntents.get(onSession.providerRef ?? '')?.status).toBe('requires_action');
    expect(await provider.charge(chargeOf(refs, { offSession: true }))).toMatchObject({
      status: 'failed',
      code: 'authentication_required',
      message: 'Your card was declined. This transaction requires authentication.',
    });
  });

  it('returns the first payment when a charge is repeated with its key, and refuses the key for another amount', async () => {
    const refs = await customerWithCard();
    const before = stripe.succeededPayments().length;
    const request = chargeOf(refs);
    const first = await provider.charge(request);
    const again = await provider.charge(request);
    expect(again).toEqual(first);
    expect(stripe.succeededPayments()).toHaveLength(before + 1);
    expect([...stripe.paymentIntents.values()].filter((intent) => intent.metadata.charge_id === request.idempotencyKey)).toHaveLength(1);

    const changed = provider.charge({ ...request, amountMinor: 1999 });
    await expect(changed).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(changed).rejects.toThrow(/idempotency_error/);
    expect(stripe.succeededPayments()).toHaveLength(before + 1);

    // A decline is kept for its key too: asking again gives the same failed intent, not a second try.
    const declining = chargeOf(await customerWithCard('4000000000000341'));
    const declined = await provider.charge(declining);
    expect(await provider.charge(declining)).toEqual(declined);
  });

  it('refunds a payment once per key, in part or in full, and never more than was paid', async () => {
    const paid = await provider.charge(chargeOf(await customerWithCard()));
    const paymentRef = paid.providerRef ?? '';
    const refundOf = (amountMinor: number, idempotencyKey = randomUUID()) => ({
      idempotencyKey,
      paymentRef,
      amountMinor,
      currency: 'EUR',
      metadata: { charge_id: 'charge-1', refund_id: 'forged' },
    });

    const part = refundOf(400);
    const first = await provider.refund(part);
    expect(first).toEqual({ status: 'succeeded', providerRef: expect.stringMatching(/^re_/) });
    const call = lastRequestTo('/v1/refunds');
    expect(call?.headers['idempotency-key']).toBe(part.idempotencyKey);
    expect(call?.form.get('payment_intent')).toBe(paymentRef);
    expect(call?.form.get('amount')).toBe('400');
    expect(stripe.refunds.get(first.providerRef ?? '')).toMatchObject({
      amount: 400,
      currency: 'eur',
      status: 'succeeded',
      metadata: { charge_id: 'charge-1', refund_id: part.idempotencyKey },
    });
    // Asked again after a lost answer: the same refund, not a second one.
    expect(await provider.refund(part)).toEqual(first);
    expect([...stripe.refunds.values()].filter((refund) => refund.payment_intent === paymentRef)).toHaveLength(1);
    await expect(provider.refund({ ...part, amountMinor: 500 })).rejects.toThrow(/idempotency_error/);

    expect(await provider.refund(refundOf(600))).toMatchObject({ status: 'failed', providerRef: null, code: 'amount_too_large' });
    expect(await provider.refund(refundOf(599))).toMatchObject({ status: 'succeeded' });
    expect(await provider.refund(refundOf(1))).toMatchObject({ status: 'failed', code: 'charge_already_refunded' });
    expect(await provider.refund({ ...refundOf(1), paymentRef: 'pi_never_made' })).toMatchObject({
      status: 'failed',
      code: 'resource_missing',
    });
    const declined = await provider.charge(chargeOf(await customerWithCard('4000000000000341')));
    expect(await provider.refund({ ...refundOf(1), paymentRef: declined.providerRef ?? '' })).toMatchObject({
      status: 'failed',
      code: 'charge_not_refundable',
    });

    stripe.failNext(500, 'An unknown error occurred');
    await expect(provider.refund(refundOf(1))).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('throws PaymentProviderError when Stripe is down, unreachable or refuses our key', async () => {
    const refs = await customerWithCard();
    stripe.failNext(503, 'Stripe is temporarily unavailable');
    await expect(provider.charge(chargeOf(refs))).rejects.toThrow(PaymentProviderError);
    stripe.failNext(500, 'An unknown error occurred');
    await expect(
      provider.attachPaymentMethod({ customerRef: refs.customerRef, token: stripe.createTestPaymentMethod('4242424242424242') }),
    ).rejects.toThrow(PaymentProviderError);
    stripe.failNext(503, 'Stripe is temporarily unavailable');
    await expect(provider.createCustomer({ userId: randomUUID(), email: 'down@example.com' })).rejects.toThrow(PaymentProviderError);

    // A 401 is an invalid_request_error too, but says nothing about the card.
    await expect(providerAt(apiBase, 'sk_test_wrong').charge(chargeOf(refs))).rejects.toThrow(PaymentProviderError);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadBase = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    await expect(providerAt(deadBase).charge(chargeOf(refs))).rejects.toThrow('Stripe could not be reached');
  });
});

describe('Stripe payment webhooks', () => {
  async function charged() {
    const request = chargeOf(await customerWithCard());
    const result = await provider.charge(request);
    return { chargeId: request.idempotencyKey, paymentIntentId: result.providerRef ?? '' };
  }
  const received = async (delivery: Promise<{ response: Response; eventId: string }>) => {
    const { response, eventId } = await delivery;
    return { status: response.status, body: (await response.json()) as any, eventId };
  };

  it('reads payment intent outcomes with our charge id', async () => {
    const { chargeId, paymentIntentId } = await charged();
    const succeeded = await received(stripe.sendPaymentEvent(webhookUrl, 'payment_intent.succeeded', paymentIntentId));
    expect(succeeded.status).toBe(200);
    expect(succeeded.body.event).toEqual({
      type: 'charge',
      eventId: succeeded.eventId,
      chargeId,
      result: { status: 'succeeded', providerRef: paymentIntentId },
    });

    const processing = await received(stripe.sendPaymentEvent(webhookUrl, 'payment_intent.processing', paymentIntentId));
    expect(processing.body.event.result).toEqual({ status: 'pending', providerRef: paymentIntentId });

    const failed = await received(
      stripe.sendPaymentEvent(webhookUrl, 'payment_intent.payment_failed', paymentIntentId, {
        lastPaymentError: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        },
      }),
    );
    expect(failed.body.event).toEqual({
      type: 'charge',
      eventId: failed.eventId,
      chargeId,
      result: { status: 'failed', providerRef: paymentIntentId, code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
  });

  it('reads dispute events: the payment intent, the deadline, the evidence page and the funds taken and given back', async () => {
    const { paymentIntentId } = await charged();
    const created = await received(
      stripe.sendDisputeEvent(webhookUrl, 'charge.dispute.created', paymentIntentId, { status: 'needs_response' }),
    );
    const dispute = stripe.disputes.get(paymentIntentId);
    expect(created.body.event).toEqual({
      type: 'dispute',
      eventId: created.eventId,
      dispute: {
        providerRef: dispute?.id,
        paymentRef: paymentIntentId,
        amountMinor: dispute?.amount,
        currency: dispute?.currency.toUpperCase(),
        reason: 'fraudulent',
        status: 'needs_response',
        evidenceDueBy: new Date((dispute?.evidence_details.due_by ?? 0) * 1000).toISOString(),
        evidenceUrl: `https://dashboard.stripe.com/disputes/${dispute?.id}`,
        funds: { withdrawn: { feeMinor: STAND_IN_DISPUTE_FEE }, reinstated: null },
      },
    });
    const won = await received(stripe.sendDisputeEvent(webhookUrl, 'charge.dispute.closed', paymentIntentId, { status: 'won' }));
    expect(won.body.event.dispute).toMatchObject({
      status: 'won',
      funds: { withdrawn: { feeMinor: STAND_IN_DISPUTE_FEE }, reinstated: { feeReturnedMinor: 0 } },
    });
  });

  it('refuses a wrong signature, a stale timestamp and a changed body', async () => {
    const { paymentIntentId } = await charged();
    const wrongSecret = await received(
      stripe.sendPaymentEvent(webhookUrl, 'payment_intent.succeeded', paymentIntentId, { secret: 'whsec_someone_else' }),
    );
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body.type).toBe('webhook_signature_invalid');

    const stale = await received(
      stripe.sendPaymentEvent(webhookUrl, 'payment_intent.succeeded', paymentIntentId, {
        timestamp: Math.floor(Date.now() / 1000) - 6 * 60,
      }),
    );
    expect(stale.status).toBe(400);
    expect(stale.body.type).toBe('webhook_signature_invalid');

    const genuine = await stripe.sendPaymentEvent(webhookUrl, 'payment_intent.processing', paymentIntentId);
    const tampered = await stripe.deliver(webhookUrl, genuine.body.replace('"processing"', '"succeeded"'), genuine.signature);
    expect(tampered.status).toBe(400);

    const notAnEvent = JSON.stringify({ hello: 'world' });
    const signed = signWebhookPayload(WEBHOOK_SECRET, notAnEvent, Math.floor(Date.now() / 1000));
    const unreadable = await stripe.deliver(webhookUrl, notAnEvent, signed);
    expect(((await unreadable.json()) as any).type).toBe('webhook_payload_invalid');
  });

  it('ignores other events and payment intents that are not ours', async () => {
    const { paymentIntentId } = await charged();
    const other = await received(stripe.sendPaymentEvent(webhookUrl, 'payment_intent.created', paymentIntentId));
    expect(other).toMatchObject({ status: 200, body: { event: null } });
    const elsewhere = await received(
      stripe.sendPaymentEvent(webhookUrl, 'payment_intent.succeeded', paymentIntentId, { metadata: { order: 'dashboard' } }),
    );
    expect(elsewhere).toMatchObject({ status: 200, body: { event: null } });
  });
});
