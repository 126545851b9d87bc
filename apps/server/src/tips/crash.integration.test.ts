import { DAY_MS } from '@aurum/core';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createActivePlan, signUp, subscribe } from '../../test/content-fixtures.js';
import { crashSuite } from '../../test/crash-suite.js';
import { startTestServer, TEST_DRIVER } from '../../test/test-server.js';
import { charges, ledgerEntries, messages, tips } from '../db/schema.js';

/**
 * The crash test for tips: the server process is killed (SIGKILL) right after Stripe took the
 * money for a tip and before the tip was recorded as paid. After a restart the tip must count
 * once and Stripe must have been paid once: by the member retrying the same attempt, or by the
 * reconcile job alone. The tip is given in a chat, so its message there must show once too.
 */

const suite = crashSuite('tips');

interface Scene {
  creatorId: string;
  cookie: string | null;
  memberId: string;
  methodId: string;
  chatId: string;
}

/** A creator and a member in a chat with them, with a saved Stripe card, set up by a server that is then stopped. */
async function setUpScene(): Promise<Scene> {
  const seed = await startTestServer(suite.env, suite.database);
  try {
    const creator = await signUp(seed, 'tipcrashcreator', { creator: true });
    const member = await signUp(seed, 'tipcrashmember');
    const method = await member.client.post('/api/payment-methods', { token: suite.stripe.createTestPaymentMethod('4242424242424242') });
    expect(method.status).toBe(201);
    const chatPlan = await createActivePlan(creator.client, 'With chat', 900, 'USD', { chat: true });
    await subscribe(seed, member.id, chatPlan, new Date(Date.now() + 30 * DAY_MS));
    const chat = await member.client.post('/api/chats', { partnerId: creator.id });
    return { creatorId: creator.id, cookie: member.client.cookie, memberId: member.id, methodId: method.body.id, chatId: chat.body.id };
  } finally {
    await seed.close();
  }
}

const tipPath = (scene: Scene) => `/api/creators/${scene.creatorId}/tips`;
const tipBody = (scene: Scene) => ({
  amountMinor: 450,
  currency: 'USD',
  paymentMethodId: scene.methodId,
  message: 'Thank you',
  chatId: scene.chatId,
});

describe(`a crash between a tip's charge and its record (${TEST_DRIVER})`, { timeout: 90_000 }, () => {
  it('the member retrying the same attempt after the restart gets the one tip, paid once', async () => {
    const scene = await setUpScene();
    const key = await suite.payAndCrash(scene.cookie, tipPath(scene), tipBody(scene));
    const paid = suite.stripe.succeededPayments().length;

    const restarted = await suite.startProcess();
    try {
      const member = suite.clientOf(restarted.baseUrl, scene.cookie);
      const retried = await member.post(tipPath(scene), { ...tipBody(scene), idempotencyKey: key });
      expect(retried).toMatchObject({ status: 201, body: { amountMinor: 450, message: 'Thank you' } });
      expect(suite.stripe.succeededPayments().length).toBe(paid);
      const history = await member.get(`/api/chats/${scene.chatId}/messages`);
      expect(history.body.items).toEqual([expect.objectContaining({ text: 'Thank you', tip: { amountMinor: 450, currency: 'USD' } })]);
    } finally {
      await suite.stopProcess(restarted);
    }
  });

  it('with nobody asking, the reconcile job asks Stripe again after the restart and counts the tip once', async () => {
    const scene = await setUpScene();
    await suite.payAndCrash(scene.cookie, tipPath(scene), tipBody(scene));
    const paid = suite.stripe.succeededPayments().length;

    const restarted = await startTestServer(suite.env, suite.database);
    try {
      const db = restarted.context.database.db;
      const paidTips = async () => (await db.select().from(tips).where(eq(tips.userId, scene.memberId))).filter((tip) => tip.paidAt);
      expect(await paidTips()).toHaveLength(0);
      restarted.advanceClock(5 * 60 * 1000);
      restarted.context.jobs.wake();
      await expect.poll(async () => (await paidTips()).length, { timeout: 15_000 }).toBe(1);
      expect(suite.stripe.succeededPayments().length).toBe(paid);
      const tipCharges = await db
        .select()
        .from(charges)
        .where(and(eq(charges.userId, scene.memberId), eq(charges.kind, 'tip')));
      expect(tipCharges.map((charge) => [charge.status, charge.amountMinor])).toEqual([['succeeded', 450]]);
      const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, scene.memberId));
      expect(entries.map((entry) => [entry.kind, entry.amountMinor])).toEqual([['payment', 450]]);
      const [paidTip] = await paidTips();
      const inChat = await db.select().from(messages).where(eq(messages.chatId, scene.chatId));
      expect(inChat.map((message) => [message.senderId, message.body, message.tipId])).toEqual([
        [scene.memberId, 'Thank you', paidTip?.id],
      ]);
    } finally {
      await restarted.close();
    }
  });
});
