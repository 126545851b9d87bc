import { randomUUID } from 'node:crypto';
import { DEV_TEST_CARDS } from '@aurum/core';
import { eq, type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { charges } from '../src/db/schema.js';
import { createActivePlan, signUp, uniqueEmail } from './content-fixtures.js';
import type { ApiClient, TestServer } from './test-server.js';

/** Money scenes for the payout suites: a creator who earns through the development providers, and the ledger's invariant. */

/** The development provider's card that always succeeds, saved for the member; returns the method's id. */
export async function savedCard(client: ApiClient): Promise<string> {
  const token = await client.post('/api/payments/dev/tokens', {
    type: 'card',
    number: DEV_TEST_CARDS.succeeds,
    expMonth: 12,
    expYear: 2099,
    cvc: '123',
  });
  const method = await client.post('/api/payment-methods', { token: token.body.token });
  expect(method.status).toBe(201);
  return method.body.id as string;
}

/** A creator with a PayPal payout method and a USD plan at this price. */
export async function creatorWithPlan(server: TestServer, priceMinor: number, paypal = uniqueEmail('paypal')) {
  const creator = await signUp(server, 'earner', { creator: true });
  expect((await creator.client.post('/api/payout-methods', { type: 'paypal', email: paypal })).status).toBe(201);
  const planId = await createActivePlan(creator.client, 'Gold', priceMinor, 'USD');
  return { ...creator, planId };
}

/** A new member subscribes to the plan: the creator earns the price less the platform's 20%. Returns the charge. */
export async function memberPays(server: TestServer, planId: string): Promise<string> {
  const member = await signUp(server, 'payer');
  const paymentMethodId = await savedCard(member.client);
  const subscribed = await member.client.post('/api/subscriptions', { planId, paymentMethodId, idempotencyKey: randomUUID() });
  expect(subscribed.status).toBe(201);
  const [charge] = await server.context.database.db.select({ id: charges.id }).from(charges).where(eq(charges.userId, member.id));
  if (!charge) throw new Error('the subscription made no charge');
  return charge.id;
}

/** The rows of a raw statement (both drivers answer with them). */
export async function rowsOf(server: TestServer, query: SQL): Promise<Record<string, unknown>[]> {
  return ((await server.context.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

/**
 * The ledger's invariant over everything posted so far: on each charge, the member's entries
 * (payment, refund, chargeback and its reversal) are the platform's (`platform_fee...`) plus the
 * creator's (`creator_earning...`), a dispute fee being the creator's debit and the platform's credit; each creator's kept balance is the sum of their entries (pending: not released;
 * available: released; paid out: minus their payouts and returns); each payout has its debit.
 */
export async function expectLedgerBalances(server: TestServer): Promise<void> {
  const unbalancedCharges = await rowsOf(
    server,
    sql`
    select charge_id from ledger_entries where charge_id is not null group by charge_id
    having sum(case when starts_with(kind, 'platform_fee') or starts_with(kind, 'creator_earning') then -amount_minor else amount_minor end) <> 0`,
  );
  expect(unbalancedCharges).toEqual([]);
  const mismatched = await rowsOf(
    server,
    sql`
    with sums as (
      select user_id as creator_id, currency,
        coalesce(sum(amount_minor) filter (where released_at is null), 0) as pending,
        coalesce(sum(amount_minor) filter (where released_at is not null), 0) as available,
        coalesce(-sum(amount_minor) filter (where kind in ('payout', 'payout_return')), 0) as paid_out
      from ledger_entries where available_at is not null group by user_id, currency
    )
    select coalesce(b.creator_id, s.creator_id) as creator_id from creator_balances b
      full join sums s on s.creator_id = b.creator_id and s.currency = b.currency
    where b.pending_minor is distinct from s.pending or b.available_minor is distinct from s.available
      or b.paid_out_minor is distinct from s.paid_out`,
  );
  expect(mismatched).toEqual([]);
  const payoutsWithoutDebit = await rowsOf(
    server,
    sql`
    select p.id from payouts p left join ledger_entries le on le.payout_id = p.id and le.kind = 'payout'
    where le.id is null or le.amount_minor <> -p.amount_minor`,
  );
  expect(payoutsWithoutDebit).toEqual([]);
}
