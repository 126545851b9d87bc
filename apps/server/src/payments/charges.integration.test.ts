import { DEV_TEST_CARDS, generateId } from '@aurum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/content-fixtures.js';
import { startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { charges } from '../db/schema.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe(`charges of every kind (${TEST_DRIVER})`, () => {
  it('need a plan, a subscription and a period only when they pay for a subscription, and a message when they pay for one', async () => {
    const member = await signUp(server, 'payer');
    const creator = await signUp(server, 'payee', { creator: true });
    const token = await member.client.post('/api/payments/dev/tokens', {
      type: 'card',
      number: DEV_TEST_CARDS.succeeds,
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
    });
    const method = await member.client.post('/api/payment-methods', { token: token.body.token });
    const row = (kind: string) => ({
      id: generateId(),
      idempotencyKey: generateId(),
      kind,
      userId: member.id,
      creatorId: creator.id,
      paymentMethodId: method.body.id as string,
      provider: 'dev',
      amountMinor: 500,
      currency: 'USD',
    });
    const db = server.context.database.db;

    // A kind that buys something else (a paid message) names no subscription, but its message.
    await expect(db.insert(charges).values({ ...row('paid_message'), messageId: generateId() })).resolves.toBeDefined();
    await expect(db.insert(charges).values(row('paid_message'))).rejects.toMatchObject({
      cause: { constraint: 'charges_paid_message_check' },
    });
    for (const kind of ['subscription', 'renewal', 'plan_change']) {
      await expect(db.insert(charges).values(row(kind)), kind).rejects.toMatchObject({
        cause: { constraint: 'charges_subscription_kinds_check' },
      });
    }
  });
});
