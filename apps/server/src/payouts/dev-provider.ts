import { generateId } from '@aurum/core';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { devPayouts } from '../db/schema.js';
import type { PayoutDestination, PayoutProvider, PayoutRequest, PayoutResult } from './provider.js';

/** A PayPal address or bank holder name starting with this is refused, to try the failure path. */
export const DEV_PAYOUT_FAILS_PREFIX = 'fail';
const REFUSAL = { code: 'account_closed', message: 'The receiving account is closed. Add another payout method.' };

function refuses(destination: PayoutDestination): boolean {
  const name = destination.type === 'paypal' ? destination.email : destination.holderName;
  return name.toLowerCase().startsWith(DEV_PAYOUT_FAILS_PREFIX);
}

/**
 * The built-in development payout provider: no money moves. It pays PayPal addresses and bank
 * accounts at once, except those whose address or holder name starts with "fail", which it
 * refuses as a closed account. It keeps each payout under its idempotency key in its own
 * table, so asking again (after a crash) returns the first answer, as a real provider does.
 */
export class DevPayoutProvider implements PayoutProvider {
  readonly name = 'development';
  readonly pays = ['paypal', 'bank_account'] as const;

  constructor(private readonly deps: { db: Database; now: () => Date }) {}

  async send(request: PayoutRequest): Promise<PayoutResult> {
    const now = this.deps.now();
    const failed = refuses(request.destination);
    const [made] = await this.deps.db
      .insert(devPayouts)
      .values({
        idempotencyKey: request.idempotencyKey,
        id: `devpo_${generateId(now.getTime())}`,
        amountMinor: request.amountMinor,
        currency: request.currency,
        destination: request.destination,
        status: failed ? 'failed' : 'paid',
        failureCode: failed ? REFUSAL.code : null,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    // Asked again with the same key: the first answer.
    const [stored] = made
      ? [made]
      : await this.deps.db.select().from(devPayouts).where(eq(devPayouts.idempotencyKey, request.idempotencyKey));
    if (!stored) throw new Error('the development payout was not stored');
    return stored.status === 'failed'
      ? { status: 'failed', providerRef: stored.id, code: stored.failureCode ?? REFUSAL.code, message: REFUSAL.message }
      : { status: 'paid', providerRef: stored.id };
  }
}
