import { randomUUID } from 'node:crypto';
import { DAY_MS, generateId } from '@aurum/core';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createActivePlan, insertMediaRow, signUp, subscribe } from '../../test/content-fixtures.js';
import { crashSuite } from '../../test/crash-suite.js';
import { startTestServer, TEST_DRIVER } from '../../test/test-server.js';
import { charges, ledgerEntries, messageUnlocks } from '../db/schema.js';

/**
 * The crash test for paid messages: the server process is killed (SIGKILL) right after Stripe
 * took the money for a message and before the unlock was written. After a restart the member
 * must have the message unlocked, and Stripe must have been paid once: by the member retrying
 * the same attempt, or by the reconcile job alone.
 */

const suite = crashSuite('chat');

interface Scene {
  chatId: string;
  messageId: string;
  cookie: string | null;
  memberId: string;
  methodId: string;
}

/** A creator's paid message (two photos, 6.50) in a chat with a member who has a saved Stripe card, set up by a server that is then stopped. */
async function setUpScene(): Promise<Scene> {
  const seed = await startTestServer(suite.env, suite.database);
  try {
    const creator = await signUp(seed, 'ppvcrashcreator', { creator: true });
    const planId = await createActivePlan(creator.client, 'Chat plan', 900, 'USD', { chat: true });
    const member = await signUp(seed, 'ppvcrashmember');
    await subscribe(seed, member.id, planId, new Date(Date.now() + 30 * DAY_MS));
    const chatId = (await member.client.post('/api/chats', { partnerId: creator.id })).body.id as string;
    const message = await creator.client.post(`/api/chats/${chatId}/messages`, {
      id: generateId(),
      mediaIds: [await insertMediaRow(seed, creator.id), await insertMediaRow(seed, creator.id)],
      price: { amountMinor: 650, currency: 'USD' },
    });
    expect(message.status).toBe(200);
    const method = await member.client.post('/api/payment-methods', { token: suite.stripe.createTestPaymentMethod('4242424242424242') });
    expect(method.status).toBe(201);
    return { chatId, messageId: message.body.id, cookie: member.client.cookie, memberId: member.id, methodId: method.body.id };
  } finally {
    await seed.close();
  }
}

const unlockPath = (scene: Scene) => `/api/chats/${scene.chatId}/messages/${scene.messageId}/unlock`;

/** Unlocks in a process that dies right after Stripe's answer; returns the attempt's key. */
const unlockAndCrash = (scene: Scene) => suite.payAndCrash(scene.cookie, unlockPath(scene), { paymentMethodId: scene.methodId });

describe(`a crash between a paid message's charge and its unlock (${TEST_DRIVER})`, { timeout: 90_000 }, () => {
  it('the member retrying the same attempt after the restart gets the message unlocked, paid once', async () => {
    const scene = await setUpScene();
    const key = await unlockAndCrash(scene);
    const paid = suite.stripe.succeededPayments().length;

    const restarted = await suite.startProcess();
    try {
      const member = suite.clientOf(restarted.baseUrl, scene.cookie);
      const history = await member.get(`/api/chats/${scene.chatId}/messages`);
      expect(history.body.items[0]).toMatchObject({ id: scene.messageId, unlocked: false });
      const retried = await member.post(unlockPath(scene), { paymentMethodId: scene.methodId, idempotencyKey: key });
      expect(retried.status).toBe(200);
      expect(retried.body).toMatchObject({ id: scene.messageId, unlocked: true, paid: true });
      expect(suite.stripe.succeededPayments().length).toBe(paid);
      // A new attempt now is refused rather than charged.
      const again = await member.post(unlockPath(scene), { paymentMethodId: scene.methodId, idempotencyKey: randomUUID() });
      expect(again.body.type).toBe('message_already_unlocked');
      expect(suite.stripe.succeededPayments().length).toBe(paid);
    } finally {
      await suite.stopProcess(restarted);
    }
  });

  it('with nobody asking, the reconcile job asks Stripe again after the restart and writes the unlock once', async () => {
    const scene = await setUpScene();
    await unlockAndCrash(scene);
    const paid = suite.stripe.succeededPayments().length;

    const restarted = await startTestServer(suite.env, suite.database);
    try {
      const db = restarted.context.database.db;
      const written = () => db.select().from(messageUnlocks).where(eq(messageUnlocks.userId, scene.memberId));
      expect(await written()).toHaveLength(0);
      restarted.advanceClock(5 * 60 * 1000);
      restarted.context.jobs.wake();
      await expect.poll(async () => (await written()).length, { timeout: 15_000 }).toBe(1);
      expect(suite.stripe.succeededPayments().length).toBe(paid);
      const paidCharges = await db
        .select()
        .from(charges)
        .where(and(eq(charges.userId, scene.memberId), eq(charges.kind, 'paid_message')));
      expect(paidCharges.map((charge) => [charge.status, charge.amountMinor, charge.messageId])).toEqual([
        ['succeeded', 650, scene.messageId],
      ]);
      const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, scene.memberId));
      expect(entries.map((entry) => [entry.kind, entry.amountMinor])).toEqual([['payment', 650]]);
    } finally {
      await restarted.close();
    }
  });
});
