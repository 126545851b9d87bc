import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertMediaRow, signUp } from '../../test/content-fixtures.js';
import { crashSuite } from '../../test/crash-suite.js';
import { startTestServer, TEST_DRIVER } from '../../test/test-server.js';
import { charges, ledgerEntries, postPurchases } from '../db/schema.js';

/**
 * The crash test for posts sold on their own: the server process is killed (SIGKILL) right
 * after Stripe took the money for a post and before the purchase was recorded. After a restart
 * the member must hold the post once and Stripe must have been paid once: by the member
 * retrying the same attempt, or by the reconcile job alone.
 */

const suite = crashSuite('post-sales');
const PRICE = { amountMinor: 650, currency: 'USD' };

interface Scene {
  postId: string;
  cookie: string | null;
  memberId: string;
  methodId: string;
}

/** A creator's post for sale and a member with a saved Stripe card, set up by a server that is then stopped. */
async function setUpScene(): Promise<Scene> {
  const seed = await startTestServer(suite.env, suite.database);
  try {
    const creator = await signUp(seed, 'salecrashcreator', { creator: true });
    const photo = await insertMediaRow(seed, creator.id);
    const post = await creator.client.post('/api/posts', { text: 'For sale', mediaIds: [photo], access: ['subscription'], price: PRICE });
    expect(post.status).toBe(201);
    const member = await signUp(seed, 'salecrashmember');
    const method = await member.client.post('/api/payment-methods', { token: suite.stripe.createTestPaymentMethod('4242424242424242') });
    expect(method.status).toBe(201);
    return { postId: post.body.id, cookie: member.client.cookie, memberId: member.id, methodId: method.body.id };
  } finally {
    await seed.close();
  }
}

const purchasePath = (scene: Scene) => `/api/posts/${scene.postId}/purchase`;
const purchaseBody = (scene: Scene) => ({ paymentMethodId: scene.methodId, price: PRICE });

describe(`a crash between a post's charge and its purchase (${TEST_DRIVER})`, { timeout: 90_000 }, () => {
  it('the member retrying the same attempt after the restart gets the post, paid once', async () => {
    const scene = await setUpScene();
    const key = await suite.payAndCrash(scene.cookie, purchasePath(scene), purchaseBody(scene));
    const paid = suite.stripe.succeededPayments().length;

    const restarted = await suite.startProcess();
    try {
      const member = suite.clientOf(restarted.baseUrl, scene.cookie);
      const retried = await member.post(purchasePath(scene), { ...purchaseBody(scene), idempotencyKey: key });
      expect(retried).toMatchObject({ status: 200, body: { id: scene.postId, accessLevel: 'purchased', text: 'For sale' } });
      expect(suite.stripe.succeededPayments().length).toBe(paid);
    } finally {
      await suite.stopProcess(restarted);
    }
  });

  it('with nobody asking, the reconcile job asks Stripe again after the restart and records the purchase once', async () => {
    const scene = await setUpScene();
    await suite.payAndCrash(scene.cookie, purchasePath(scene), purchaseBody(scene));
    const paid = suite.stripe.succeededPayments().length;

    const restarted = await startTestServer(suite.env, suite.database);
    try {
      const db = restarted.context.database.db;
      const purchases = () => db.select().from(postPurchases).where(eq(postPurchases.userId, scene.memberId));
      expect(await purchases()).toHaveLength(0);
      restarted.advanceClock(5 * 60 * 1000);
      restarted.context.jobs.wake();
      await expect.poll(async () => (await purchases()).length, { timeout: 15_000 }).toBe(1);
      expect(suite.stripe.succeededPayments().length).toBe(paid);
      const postCharges = await db
        .select()
        .from(charges)
        .where(and(eq(charges.userId, scene.memberId), eq(charges.kind, 'paid_post')));
      expect(postCharges.map((charge) => [charge.status, charge.amountMinor, charge.postId])).toEqual([['succeeded', 650, scene.postId]]);
      const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, scene.memberId));
      expect(entries.map((entry) => [entry.kind, entry.amountMinor])).toEqual([['payment', 650]]);
    } finally {
      await restarted.close();
    }
  });
});
