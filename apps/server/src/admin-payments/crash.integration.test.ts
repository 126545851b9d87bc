import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createActivePlan, signUp, uniqueHandle } from '../../test/content-fixtures.js';
import { crashSuite } from '../../test/crash-suite.js';
import { ApiClient, startTestServer, TEST_DRIVER } from '../../test/test-server.js';
import { charges, ledgerEntries } from '../db/schema.js';

/**
 * The refund crash test: the server process is killed right after Stripe made the refund and
 * before it was settled. After a restart the refund must be settled once (reversing ledger
 * entries once, the subscription ended) and Stripe must hold one refund: whether the admin asks
 * again with the same attempt or nobody asks and the reconcile job does.
 */

const suite = crashSuite('refunds');

interface Scene {
  adminCookie: string | null;
  memberCookie: string | null;
  chargeId: string;
  postId: string;
}

/** A member who paid Stripe for a subscription to a creator's plan, and an admin; set up by a server that is then stopped. */
let adminApp: string | null = null;

async function setUpScene(): Promise<Scene> {
  const seed = await startTestServer(suite.env, suite.database);
  try {
    const creator = await signUp(seed, 'refundcreator', { creator: true });
    const planId = await createActivePlan(creator.client, 'Refund plan', 1500);
    const post = await creator.client.post('/api/posts', { text: 'paid words', access: [planId] });
    const member = await signUp(seed, 'refundmember');
    const method = await member.client.post('/api/payment-methods', { token: suite.stripe.createTestPaymentMethod('4242424242424242') });
    const subscribed = await member.client.post('/api/subscriptions', {
      planId,
      paymentMethodId: method.body.id,
      idempotencyKey: randomUUID(),
    });
    expect(subscribed.status).toBe(201);
    const [charge] = await seed.context.database.db.select().from(charges).where(eq(charges.userId, member.id));
    // The same admin in every scene: their authenticator app, once added, answers each sign-in's second step.
    const admin = new ApiClient(seed);
    admin.authenticatorApp = adminApp;
    await admin.register(suite.adminEmail, uniqueHandle('crashadmin'));
    adminApp ??= (await admin.addAuthenticatorApp()).secret;
    return { adminCookie: admin.cookie, memberCookie: member.client.cookie, chargeId: charge?.id as string, postId: post.body.id };
  } finally {
    await seed.close();
  }
}

const refundAndCrash = (scene: Scene) =>
  suite.refundAndCrash(scene.adminCookie, scene.chargeId, { reason: 'Duplicate payment', endsAccess: true });

describe(`a crash between Stripe's refund and its settlement (${TEST_DRIVER})`, { timeout: 150_000 }, () => {
  it('the admin asking again with the same attempt after the restart gets the refund, made once', async () => {
    const scene = await setUpScene();
    const key = await refundAndCrash(scene);
    const refunds = suite.stripe.refunds.size;

    const restarted = await suite.startProcess();
    try {
      const admin = suite.clientOf(restarted.baseUrl, scene.adminCookie);
      const retried = await admin.post(`/api/admin/payments/${scene.chargeId}/refund`, {
        reason: 'Duplicate payment',
        endsAccess: true,
        idempotencyKey: key,
      });
      expect(retried.status).toBe(200);
      expect(retried.body.refund).toMatchObject({ status: 'succeeded', amountMinor: 1500, refundOf: scene.chargeId });
      expect(suite.stripe.refunds.size).toBe(refunds);
      const again = await admin.post(`/api/admin/payments/${scene.chargeId}/refund`, {
        reason: 'Again',
        endsAccess: true,
        idempotencyKey: randomUUID(),
      });
      expect(again).toMatchObject({ status: 409, body: { type: 'charge_already_refunded' } });
      expect(suite.stripe.refunds.size).toBe(refunds);
      const member = suite.clientOf(restarted.baseUrl, scene.memberCookie);
      expect((await member.get(`/api/posts/${scene.postId}`)).body.locked).toBe(true);
      const ledger = (await admin.get(`/api/admin/ledger?kind=refund`)).body.items.filter(
        (entry: { chargeId: string }) => entry.chargeId === retried.body.refund.id,
      );
      expect(ledger.map((entry: { amountMinor: number }) => entry.amountMinor)).toEqual([-1500]);
    } finally {
      await suite.stopProcess(restarted);
    }
  });

  it('with nobody asking, the reconcile job asks Stripe again after the restart and settles the refund once', async () => {
    const scene = await setUpScene();
    await refundAndCrash(scene);
    const refunds = suite.stripe.refunds.size;

    // In-process, so the test can move the clock past the reconcile delay.
    const restarted = await startTestServer(suite.env, suite.database);
    try {
      const db = restarted.context.database.db;
      const refundRow = async () => (await db.select().from(charges).where(eq(charges.refundOf, scene.chargeId)))[0];
      expect((await refundRow())?.status).toBe('pending');
      restarted.advanceClock(5 * 60 * 1000);
      restarted.context.jobs.wake();
      await expect.poll(async () => (await refundRow())?.status, { timeout: 15_000 }).toBe('succeeded');
      expect(suite.stripe.refunds.size).toBe(refunds);
      const refund = await refundRow();
      const entries = await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.chargeId, refund?.id as string));
      expect(entries.map((entry) => entry.kind).sort()).toEqual(['creator_earning_reversal', 'platform_fee_reversal', 'refund']);
      expect(entries.find((entry) => entry.kind === 'refund')?.amountMinor).toBe(-1500);
    } finally {
      await restarted.close();
    }
  });
});
