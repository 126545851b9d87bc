import { randomUUID } from 'node:crypto';
import { DEV_TEST_CARDS } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { devPaymentRefunds } from '../db/schema.js';
import type { DevPaymentProvider } from './dev-provider.js';
import { PaymentProviderError } from './provider.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const provider = () => server.context.payments.provider as DevPaymentProvider;

/** A payment of 1000 EUR cents with a test card, as the charges module asks for one. */
async function payment(number: string = DEV_TEST_CARDS.succeeds) {
  const methodRef = await provider().createToken({ type: 'card', number, expMonth: 12, expYear: 2099, cvc: '123' });
  const request = {
    idempotencyKey: randomUUID(),
    customerRef: 'devcus_member',
    methodRef,
    amountMinor: 1000,
    currency: 'EUR',
    description: 'Aurum subscription',
    offSession: false,
    metadata: {},
  };
  return provider().charge(request);
}

const refundOf = (paymentRef: string, amountMinor: number, idempotencyKey = randomUUID()) => ({
  idempotencyKey,
  paymentRef,
  amountMinor,
  currency: 'EUR',
  metadata: {},
});

describe(`the development provider's refunds (${TEST_DRIVER})`, () => {
  it('refunds a payment once per key, in part or in full, and never more than was paid', async () => {
    const paid = await payment();
    const paymentRef = paid.providerRef ?? '';
    const part = refundOf(paymentRef, 400);
    const first = await provider().refund(part);
    expect(first).toEqual({ status: 'succeeded', providerRef: expect.stringMatching(/^devref_/) });
    expect(await provider().refund(part)).toEqual(first);
    await expect(provider().refund({ ...part, amountMinor: 500 })).rejects.toBeInstanceOf(PaymentProviderError);

    expect(await provider().refund(refundOf(paymentRef, 601))).toMatchObject({ status: 'failed', code: 'amount_too_large' });
    expect(await provider().refund(refundOf(paymentRef, 0))).toMatchObject({ status: 'failed', code: 'amount_too_large' });
    expect(await provider().refund({ ...refundOf(paymentRef, 600), currency: 'USD' })).toMatchObject({
      status: 'failed',
      code: 'currency_mismatch',
    });
    expect(await provider().refund(refundOf(paymentRef, 600))).toMatchObject({ status: 'succeeded' });
    expect(await provider().refund(refundOf(paymentRef, 1))).toMatchObject({ status: 'failed', code: 'charge_already_refunded' });

    const declined = await payment(DEV_TEST_CARDS.declined);
    expect(await provider().refund(refundOf(declined.providerRef ?? '', 1))).toMatchObject({
      status: 'failed',
      code: 'charge_not_refundable',
    });
    expect(await provider().refund(refundOf('devpay_unknown', 1))).toMatchObject({ status: 'failed', code: 'charge_not_refundable' });
  });

  it('gives back no more than was paid when refunds of one payment race, and one refund per key', async () => {
    const paymentRef = (await payment()).providerRef ?? '';
    const sameKey = refundOf(paymentRef, 300);
    const results = await Promise.all([
      provider().refund(sameKey),
      provider().refund(sameKey),
      ...Array.from({ length: 4 }, () => provider().refund(refundOf(paymentRef, 300))),
    ]);
    expect(results[1]).toEqual(results[0]);
    expect(results.filter((result) => result.status === 'succeeded')).toHaveLength(4);
    const stored = await server.context.database.db.select().from(devPaymentRefunds).where(eq(devPaymentRefunds.chargeId, paymentRef));
    expect(stored.map((refund) => refund.amountMinor)).toEqual([300, 300, 300]);
  });
});
