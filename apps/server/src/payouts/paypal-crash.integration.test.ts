import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivePlan, signUp, uniqueEmail } from '../../test/content-fixtures.js';
import { crashSuite } from '../../test/crash-suite.js';
import { expectLedgerBalances } from '../../test/money-fixtures.js';
import { PayPalStandIn } from '../../test/paypal-stand-in.js';
import { startTestServer, TEST_DRIVER } from '../../test/test-server.js';
import { creatorPayoutSettings, payouts } from '../db/schema.js';

/**
 * The server process killed right after PayPal took a payout and before it was recorded: after
 * the restart, the creator's same attempt records it once, and PayPal holds one batch for it.
 */

const suite = crashSuite('paypal-payouts');
const paypal = new PayPalStandIn({ clientId: 'crash-client', clientSecret: 'crash-secret', webhookId: 'CRASHWEBHOOK' });
const paypalEnv: Record<string, string> = {};
beforeAll(async () => {
  Object.assign(paypalEnv, {
    PAYOUT_PROVIDERS: 'paypal',
    PAYPAL_API_BASE: await paypal.start(),
    PAYPAL_CLIENT_ID: 'crash-client',
    PAYPAL_CLIENT_SECRET: 'crash-secret',
    PAYPAL_PAYOUTS_WEBHOOK_ID: 'CRASHWEBHOOK',
  });
});
afterAll(async () => {
  await paypal.stop();
});

describe(`a crash between PayPal's payout and its record (${TEST_DRIVER})`, { timeout: 150_000 }, () => {
  it('the same attempt after the restart finds the first batch: one PayPal payout, recorded once', async () => {
    const seed = await startTestServer({ ...suite.env, ...paypalEnv }, suite.database);
    let creatorId: string;
    let cookie: string | null;
    try {
      const creator = await signUp(seed, 'paypalcrash', { creator: true });
      await seed.context.database.db.insert(creatorPayoutSettings).values({ creatorId: creator.id, holdDays: 0 });
      expect((await creator.client.post('/api/payout-methods', { type: 'paypal', email: uniqueEmail('crashpaypal') })).status).toBe(201);
      const planId = await createActivePlan(creator.client, 'Crash plan', 3000);
      const member = await signUp(seed, 'paypalcrashpayer');
      const method = await member.client.post('/api/payment-methods', { token: suite.stripe.createTestPaymentMethod('4242424242424242') });
      const subscribed = await member.client.post('/api/subscriptions', {
        planId,
        paymentMethodId: method.body.id,
        idempotencyKey: randomUUID(),
      });
      expect(subscribed.status).toBe(201);
      ({ id: creatorId } = creator);
      ({ cookie } = creator.client);
    } finally {
      await seed.close();
    }

    const crashing = await suite.startProcess({ ...paypalEnv, AURUM_FAILPOINT: 'after-provider-payout' });
    const key = randomUUID();
    await expect(
      suite.clientOf(crashing.baseUrl, cookie).post('/api/creator/payouts', { currency: 'USD', idempotencyKey: key }),
    ).rejects.toThrow();
    expect(await crashing.exited).toBe('SIGKILL');
    expect(paypal.batches.size).toBe(1);

    const restarted = await suite.startProcess(paypalEnv);
    try {
      const retried = await suite
        .clientOf(restarted.baseUrl, cookie)
        .post('/api/creator/payouts', { currency: 'USD', idempotencyKey: key });
      expect(retried.status).toBe(201);
      expect(retried.body).toMatchObject({ status: 'in_flight', provider: 'paypal', amountMinor: 2400 });
      expect(paypal.batches.size).toBe(1);
      expect(paypal.batchOf(retried.body.id)?.items).toHaveLength(1);
    } finally {
      await suite.stopProcess(restarted);
    }
    const check = await startTestServer({ ...suite.env, ...paypalEnv }, suite.database);
    try {
      expect(await check.context.database.db.select().from(payouts).where(eq(payouts.creatorId, creatorId))).toHaveLength(1);
      await expectLedgerBalances(check);
    } finally {
      await check.close();
    }
  });
});
