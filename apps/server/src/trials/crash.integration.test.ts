import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createActivePlan, signUp } from '../../test/content-fixtures.js';
import { crashSuite } from '../../test/crash-suite.js';
import { startTestServer, TEST_DRIVER } from '../../test/test-server.js';
import { charges, ledgerEntries, subscriptions } from '../db/schema.js';

/**
 * The crash test for a free trial's conversion: the renewal sweep converts a trial in its last
 * minutes, and the server process is killed (SIGKILL) right after Stripe took the first payment
 * and before it was recorded. After a restart the reconcile job must record it once (the
 * subscription paid and extended once) and Stripe must have been paid once.
 */

const suite = crashSuite('trials');

describe(`a crash between a trial's conversion charge and its record (${TEST_DRIVER})`, { timeout: 90_000 }, () => {
  it('the reconcile job records the conversion once after the restart, Stripe paid once', async () => {
    // A member in a trial that ends in five minutes, with a sweep due at once, left for the next process.
    const seed = await startTestServer(suite.env, suite.database);
    let memberId: string;
    let subscriptionId: string;
    let trialEnd: Date;
    try {
      const creator = await signUp(seed, 'trialcrashcreator', { creator: true });
      const planId = await createActivePlan(creator.client, 'Gold', 800, 'USD');
      const link = await creator.client.post('/api/me/trial-links', { planId, days: 3 });
      const member = await signUp(seed, 'trialcrashmember');
      memberId = member.id;
      const method = await member.client.post('/api/payment-methods', { token: suite.stripe.createTestPaymentMethod('4242424242424242') });
      const claimed = await member.client.post(`/api/trial-links/${link.body.code}/claim`, { paymentMethodId: method.body.id });
      expect(claimed.status).toBe(201);
      subscriptionId = claimed.body.id;
      trialEnd = new Date(Date.now() + 5 * 60 * 1000);
      await seed.context.jobs.stop();
      const db = seed.context.database.db;
      await db.update(subscriptions).set({ validUntil: trialEnd, trialEndsAt: trialEnd }).where(eq(subscriptions.id, subscriptionId));
      await seed.context.jobs.enqueue(
        'subscriptions.renew-due',
        {},
        { id: 'crash-sweep', runAt: new Date(Date.now() - 1000), maxAttempts: 1 },
      );
    } finally {
      await seed.close();
    }

    const paidBefore = suite.stripe.succeededPayments().length;
    const crashing = await suite.startProcess({ AURUM_FAILPOINT: 'after-provider-charge' }, { awaitHealth: false });
    expect(await crashing.exited).toBe('SIGKILL');
    expect(suite.stripe.succeededPayments().length).toBe(paidBefore + 1);

    const restarted = await startTestServer(suite.env, suite.database);
    try {
      const db = restarted.context.database.db;
      const renewals = () =>
        db
          .select()
          .from(charges)
          .where(and(eq(charges.userId, memberId), eq(charges.kind, 'renewal')));
      expect((await renewals()).map((charge) => charge.status)).toEqual(['pending']);
      restarted.advanceClock(5 * 60 * 1000);
      restarted.context.jobs.wake();
      await expect.poll(async () => (await renewals()).map((charge) => charge.status), { timeout: 15_000 }).toEqual(['succeeded']);
      expect(suite.stripe.succeededPayments().length).toBe(paidBefore + 1);
      const [converted] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
      expect(converted?.paidAt).toBeInstanceOf(Date);
      expect(converted?.validUntil.getTime()).toBe(trialEnd.getTime() + 30 * 24 * 60 * 60 * 1000);
      const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, memberId));
      expect(entries.map((entry) => [entry.kind, entry.amountMinor])).toEqual([['payment', 800]]);
    } finally {
      await restarted.close();
    }
  });
});
