import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivePlan, signUp, uniqueEmail } from '../../test/content-fixtures.js';
import { crashSuite } from '../../test/crash-suite.js';
import { expectLedgerBalances } from '../../test/money-fixtures.js';
import { PayPalStandIn } from '../../test/paypal-stand-in.js';
import { startTestServer, TEST_DRIVER } from '../../test/test-server.js';
import { creatorPayoutSettings, devPayouts, ledgerEntries, payouts } from '../db/schema.js';

/**
 * The payout crash test: the server process is killed right after the payout provider took the
 * payout and before it was recorded. After a restart the payout is recorded once and the
 * provider holds one payout: whether the creator asks again with the same attempt or nobody
 * asks and the send job does. Members pay through the Stripe stand-in; creators are paid by the
 * development payout provider, which keeps its payouts in the database like a provider would,
 * and by PayPal Payouts through its stand-in.
 */

const suite = crashSuite('payouts');

/** A creator whose earnings are not held, with one member's payment available; set up by a server that is then stopped. */
async function setUpCreatorWithEarnings(env: Record<string, string> = {}): Promise<{ creatorId: string; cookie: string | null }> {
  const seed = await startTestServer({ ...suite.env, ...env }, suite.database);
  try {
    const creator = await signUp(seed, 'crashearner', { creator: true });
    await seed.context.database.db.insert(creatorPayoutSettings).values({ creatorId: creator.id, holdDays: 0 });
    expect((await creator.client.post('/api/payout-methods', { type: 'paypal', email: uniqueEmail('crashpay') })).status).toBe(201);
    const planId = await createActivePlan(creator.client, 'Crash plan', 3000);
    const member = await signUp(seed, 'crashpayer');
    const method = await member.client.post('/api/payment-methods', { token: suite.stripe.createTestPaymentMethod('4242424242424242') });
    const subscribed = await member.client.post('/api/subscriptions', {
      planId,
      paymentMethodId: method.body.id,
      idempotencyKey: randomUUID(),
    });
    expect(subscribed.status).toBe(201);
    // Withdrawing asks for a second factor checked in the last ten minutes: the session passes one now.
    await creator.client.addAuthenticatorApp();
    return { creatorId: creator.id, cookie: creator.client.cookie };
  } finally {
    await seed.close();
  }
}

/** Withdraws from a process that dies right after the provider's answer; returns the attempt's key. */
async function withdrawAndCrash(cookie: string | null, env: Record<string, string> = {}): Promise<string> {
  const crashing = await suite.startProcess({ ...env, AURUM_FAILPOINT: 'after-provider-payout' });
  const key = randomUUID();
  const attempt = suite.clientOf(crashing.baseUrl, cookie).post('/api/creator/payouts', { currency: 'USD', idempotencyKey: key });
  await expect(attempt).rejects.toThrow();
  expect(await crashing.exited).toBe('SIGKILL');
  return key;
}

describe(`a crash between the provider's payout and its record (${TEST_DRIVER})`, { timeout: 150_000 }, () => {
  it('the creator asking again with the same attempt after the restart gets the payout, sent once', async () => {
    const { creatorId, cookie } = await setUpCreatorWithEarnings();
    const key = await withdrawAndCrash(cookie);

    const restarted = await suite.startProcess();
    try {
      const creator = suite.clientOf(restarted.baseUrl, cookie);
      const retried = await creator.post('/api/creator/payouts', { currency: 'USD', idempotencyKey: key });
      expect(retried.status).toBe(201);
      expect(retried.body).toMatchObject({ status: 'paid', amountMinor: 2400 });
      const again = await creator.post('/api/creator/payouts', { currency: 'USD', idempotencyKey: randomUUID() });
      expect(again.body.type).toBe('payout_below_minimum');
    } finally {
      await suite.stopProcess(restarted);
    }
    const check = await startTestServer(suite.env, suite.database);
    try {
      const db = check.context.database.db;
      const made = await db.select().from(payouts).where(eq(payouts.creatorId, creatorId));
      expect(made).toHaveLength(1);
      expect(
        await db
          .select()
          .from(devPayouts)
          .where(eq(devPayouts.idempotencyKey, made[0]?.id as string)),
      ).toHaveLength(1);
      await expectLedgerBalances(check);
    } finally {
      await check.close();
    }
  });

  it('with nobody asking, the send job asks the provider again after the restart and records the payout once', async () => {
    const { creatorId, cookie } = await setUpCreatorWithEarnings();
    await withdrawAndCrash(cookie);

    // In-process, so the test can move the clock past the send job's delay.
    const restarted = await startTestServer(suite.env, suite.database);
    try {
      const db = restarted.context.database.db;
      const payout = async () => (await db.select().from(payouts).where(eq(payouts.creatorId, creatorId)))[0];
      expect((await payout())?.status).toBe('pending');
      restarted.advanceClock(5 * 60 * 1000);
      restarted.context.jobs.wake();
      await expect.poll(async () => (await payout())?.status, { timeout: 15_000 }).toBe('paid');
      const id = (await payout())?.id as string;
      expect(await db.select().from(devPayouts).where(eq(devPayouts.idempotencyKey, id))).toHaveLength(1);
      const debits = await db.select().from(ledgerEntries).where(eq(ledgerEntries.payoutId, id));
      expect(debits.map((entry) => [entry.kind, entry.amountMinor])).toEqual([['payout', -2400]]);
      await expectLedgerBalances(restarted);
    } finally {
      await restarted.close();
    }
  });

  describe('through PayPal Payouts', () => {
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

    it('the same attempt after the restart finds the first batch: one PayPal payout, recorded once', async () => {
      const { creatorId, cookie } = await setUpCreatorWithEarnings(paypalEnv);
      const key = await withdrawAndCrash(cookie, paypalEnv);
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
});
