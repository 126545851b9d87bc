import { DAY_MS } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createActivePlan, signUp } from '../../test/content-fixtures.js';
import { crashSuite } from '../../test/crash-suite.js';
import { startTestServer, TEST_DRIVER } from '../../test/test-server.js';
import { ledgerEntries, subscriptions } from '../db/schema.js';

/**
 * The crash test: the server process is killed (SIGKILL, as a power cut or the OOM killer
 * would) right after Stripe took the money and before the subscription was written. After a
 * restart the member must have the subscription they paid for, and Stripe must have been
 * paid once: by the member retrying, by Stripe's webhook, or by the reconcile job alone.
 */

const suite = crashSuite('subscriptions');

interface Scene {
  planId: string;
  postId: string;
  cookie: string | null;
  memberId: string;
  methodId: string;
}

/** A creator with a plan-only post and a member with a saved Stripe card, set up by a server that is then stopped. */
async function setUpScene(): Promise<Scene> {
  const seed = await startTestServer(suite.env, suite.database);
  try {
    const creator = await signUp(seed, 'crashcreator', { creator: true });
    const planId = await createActivePlan(creator.client, 'Crash plan', 1200);
    const post = await creator.client.post('/api/posts', { text: 'paid words', access: [planId] });
    const member = await signUp(seed, 'crashmember');
    const method = await member.client.post('/api/payment-methods', { token: suite.stripe.createTestPaymentMethod('4242424242424242') });
    expect(method.status).toBe(201);
    return { planId, postId: post.body.id, cookie: member.client.cookie, memberId: member.id, methodId: method.body.id };
  } finally {
    await seed.close();
  }
}

/** Subscribes in a process that dies right after Stripe's answer; returns the attempt's key. */
const subscribeAndCrash = (scene: Scene) =>
  suite.payAndCrash(scene.cookie, '/api/subscriptions', { planId: scene.planId, paymentMethodId: scene.methodId });

describe(`a crash between charge and subscription write (${TEST_DRIVER})`, { timeout: 90_000 }, () => {
  it('the member retrying the same attempt after the restart gets the subscription, paid once', async () => {
    const scene = await setUpScene();
    const key = await subscribeAndCrash(scene);
    const paid = suite.stripe.succeededPayments().length;

    const restarted = await suite.startProcess();
    try {
      const member = suite.clientOf(restarted.baseUrl, scene.cookie);
      const retried = await member.post('/api/subscriptions', {
        planId: scene.planId,
        paymentMethodId: scene.methodId,
        idempotencyKey: key,
      });
      expect(retried.status).toBe(201);
      expect(retried.body).toMatchObject({ status: 'active', plan: { id: scene.planId } });
      expect(suite.stripe.succeededPayments().length).toBe(paid);
      expect((await member.get(`/api/posts/${scene.postId}`)).body).toMatchObject({ locked: false, text: 'paid words' });
    } finally {
      await suite.stopProcess(restarted);
    }
  });

  it('Stripe’s signed webhook completes it after the restart; a forged one is refused', async () => {
    const scene = await setUpScene();
    await subscribeAndCrash(scene);
    const intent = suite.stripe.succeededPayments().at(-1);
    if (!intent) throw new Error('no payment at the stand-in');

    const restarted = await suite.startProcess();
    try {
      const webhookUrl = `${restarted.baseUrl}/api/webhooks/payments/stripe`;
      const forged = await suite.stripe.sendPaymentEvent(webhookUrl, 'payment_intent.succeeded', intent.id, { secret: 'whsec_wrong' });
      expect(forged.response.status).toBe(400);
      expect(((await forged.response.json()) as { type: string }).type).toBe('webhook_signature_invalid');
      const member = suite.clientOf(restarted.baseUrl, scene.cookie);
      expect((await member.get('/api/subscriptions')).body.items).toEqual([]);

      const genuine = await suite.stripe.sendPaymentEvent(webhookUrl, 'payment_intent.succeeded', intent.id);
      expect(await genuine.response.json()).toEqual({ received: true, outcome: 'applied' });
      const resent = await suite.stripe.deliver(webhookUrl, genuine.body, genuine.signature);
      expect(await resent.json()).toEqual({ received: true, outcome: 'unchanged' });
      expect((await member.get('/api/subscriptions')).body.items).toEqual([expect.objectContaining({ status: 'active' })]);
      expect((await member.get(`/api/posts/${scene.postId}`)).body.locked).toBe(false);
    } finally {
      await suite.stopProcess(restarted);
    }
  });

  it('with nobody asking, the reconcile job asks Stripe again after the restart and writes the subscription once', async () => {
    const scene = await setUpScene();
    await subscribeAndCrash(scene);
    const paid = suite.stripe.succeededPayments().length;

    // The restarted server runs here, in-process, so the test can move its clock past the reconcile delay.
    const restarted = await startTestServer(suite.env, suite.database);
    try {
      const db = restarted.context.database.db;
      const written = () => db.select().from(subscriptions).where(eq(subscriptions.userId, scene.memberId));
      expect(await written()).toHaveLength(0);
      restarted.advanceClock(5 * 60 * 1000);
      restarted.context.jobs.wake();
      await expect.poll(async () => (await written()).length, { timeout: 15_000 }).toBe(1);
      const [subscription] = await written();
      expect(subscription?.validUntil.getTime()).toBeGreaterThan(restarted.context.now().getTime() + 29 * DAY_MS);
      expect(suite.stripe.succeededPayments().length).toBe(paid);
      const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, scene.memberId));
      expect(entries.map((entry) => [entry.kind, entry.amountMinor])).toEqual([['payment', 1200]]);
    } finally {
      await restarted.close();
    }
  });
});
