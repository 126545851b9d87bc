import { generateId } from '@aurum/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { devPayouts } from '../db/schema.js';
import type { PayoutDestination, PayoutProvider, PayoutRequest, PayoutResult } from './provider.js';

/**
 * Test destinations, by how the PayPal address or bank holder name starts: `fail-once` is refused
 * the first time and paid after (as a receiving account that was not yet confirmed), any other
 * `fail` always (a closed account).
 */
const FAILS_ONCE = 'fail-once';
const FAILS = 'fail';
const REFUSALS = {
  closed: { code: 'account_closed', message: 'The receiving account is closed. Add another payout method.' },
  unconfirmed: {
    code: 'receiver_unconfirmed',
    message: 'The receiving account is not confirmed yet. Confirm it, then ask for the payout again.',
  },
};

const nameOf = (destination: PayoutDestination) =>
  (destination.type === 'paypal' ? destination.email : destination.holderName).toLowerCase();

/**
 * The built-in development payout provider: no money moves. It pays PayPal addresses and bank
 * accounts at once, except the test destinations above. It keeps each payout under its idempotency key in its own
 * table, so asking again (after a crash) returns the first answer, as a real provider does.
 */
export class DevPayoutProvider implements PayoutProvider {
  readonly name = 'development';
  readonly pays = ['paypal', 'bank_account'] as const;

  constructor(private readonly deps: { db: Database; now: () => Date }) {}

  async send(request: PayoutRequest): Promise<PayoutResult> {
    const now = this.deps.now();
    const refusal = await this.refusalFor(request.destination);
    const [made] = await this.deps.db
      .insert(devPayouts)
      .values({
        idempotencyKey: request.idempotencyKey,
        id: `devpo_${generateId(now.getTime())}`,
        amountMinor: request.amountMinor,
        currency: request.currency,
        destination: request.destination,
        status: refusal ? 'failed' : 'paid',
        failureCode: refusal?.code ?? null,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    // Asked again with the same key: the first answer.
    const [stored] = made
      ? [made]
      : await this.deps.db.select().from(devPayouts).where(eq(devPayouts.idempotencyKey, request.idempotencyKey));
    if (!stored) throw new Error('the development payout was not stored');
    if (stored.status !== 'failed') return { status: 'paid', providerRef: stored.id };
    const code = stored.failureCode ?? REFUSALS.closed.code;
    const message = Object.values(REFUSALS).find((known) => known.code === code)?.message ?? REFUSALS.closed.message;
    return { status: 'failed', providerRef: stored.id, code, message };
  }

  private async refusalFor(destination: PayoutDestination): Promise<(typeof REFUSALS)[keyof typeof REFUSALS] | null> {
    const name = nameOf(destination);
    if (name.startsWith(FAILS_ONCE)) {
      const [refused] = await this.deps.db
        .select({ id: devPayouts.id })
        .from(devPayouts)
        .where(and(eq(devPayouts.status, 'failed'), sql`${devPayouts.destination} = ${JSON.stringify(destination)}::jsonb`))
        .limit(1);
      return refused ? null : REFUSALS.unconfirmed;
    }
    return name.startsWith(FAILS) ? REFUSALS.closed : null;
  }
}
