import { cardBrand, DAY_MS, DEV_TEST_CARDS, type devTokenRequestSchema, generateId, type PaymentsConfig, passesLuhn } from '@aurum/core';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../db/database.js';
import { devPaymentCharges, devPaymentRefunds, devPaymentTokens } from '../db/schema.js';
import { errors } from '../http/errors.js';
import {
  type AttachedPaymentMethod,
  type ChargeRequest,
  type ChargeResult,
  type DisputeReport,
  PaymentMethodRejected,
  type PaymentProvider,
  PaymentProviderError,
  type RefundRequest,
  type RefundResult,
} from './provider.js';

type Behaviour = 'succeeds' | 'declined' | 'fails_on_renewal';

const BEHAVIOUR_BY_CARD: Record<string, Behaviour> = {
  [DEV_TEST_CARDS.declined]: 'declined',
  [DEV_TEST_CARDS.failsOnRenewal]: 'fails_on_renewal',
};

const TOKEN_PREFIX = 'devtok_';
/** What a test dispute costs in the payment's minor units: like Stripe's 15.00 in most currencies. */
const DEV_DISPUTE_FEE_MINOR = 1500;
/** Days a test dispute gives to answer, like a card network's. */
const DEV_EVIDENCE_DAYS = 7;
const DECLINE = { code: 'card_declined', message: 'Your card was declined.' };

/**
 * The built-in development payment provider. No money moves: it behaves like a real
 * provider for the documented test cards (core DEV_TEST_CARDS) and PayPal-style accounts,
 * and keeps its tokens and charges in its own tables, so it is durable and idempotent
 * across restarts as Stripe is. Card numbers reach only `createToken` (the stand-in for
 * Stripe.js), which keeps the brand and last 4 digits and drops the rest.
 */
export class DevPaymentProvider implements PaymentProvider {
  readonly name = 'dev';

  constructor(private readonly deps: { db: Database; now: () => Date }) {}

  clientConfig(): PaymentsConfig {
    return { provider: 'dev' };
  }

  async createToken(request: z.output<typeof devTokenRequestSchema>): Promise<string> {
    const now = this.deps.now();
    const id = `${TOKEN_PREFIX}${generateId(now.getTime())}`;
    if (request.type === 'paypal') {
      const behaviour: Behaviour = request.email.toLowerCase().startsWith('declined') ? 'declined' : 'succeeds';
      await this.deps.db.insert(devPaymentTokens).values({ id, type: 'paypal', email: request.email, behaviour, createdAt: now });
      return id;
    }
    if (!passesLuhn(request.number)) throw errors.cardInvalid();
    const expiresAfter = new Date(Date.UTC(request.expYear, request.expMonth, 1));
    if (expiresAfter <= now) throw errors.cardExpired();
    await this.deps.db.insert(devPaymentTokens).values({
      id,
      type: 'card',
      brand: cardBrand(request.number),
      last4: request.number.slice(-4),
      expMonth: request.expMonth,
      expYear: request.expYear,
      behaviour: BEHAVIOUR_BY_CARD[request.number] ?? 'succeeds',
      createdAt: now,
    });
    return id;
  }

  async createCustomer(input: { userId: string }): Promise<string> {
    return `devcus_${input.userId}`;
  }

  async attachPaymentMethod(input: { token: string }): Promise<AttachedPaymentMethod> {
    const token = await this.token(input.token);
    if (!token) throw new PaymentMethodRejected('resource_missing', 'These payment details were not found. Enter them again.');
    return {
      providerRef: token.id,
      type: token.type === 'paypal' ? 'paypal' : 'card',
      brand: token.brand,
      last4: token.last4,
      email: token.email,
      expMonth: token.expMonth,
      expYear: token.expYear,
    };
  }

  async detachPaymentMethod(): Promise<void> {}

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const { db, now } = this.deps;
    const [earlier] = await db.select().from(devPaymentCharges).where(eq(devPaymentCharges.idempotencyKey, request.idempotencyKey));
    if (earlier) {
      // Stripe refuses a reused key with other parameters rather than guessing which was meant.
      if (earlier.amountMinor !== request.amountMinor || earlier.currency !== request.currency)
        throw new PaymentProviderError('idempotency key reused with different parameters');
      return toResult(earlier);
    }
    const token = await this.token(request.methodRef);
    if (!token) return { status: 'failed', providerRef: null, code: 'resource_missing', message: 'The payment method no longer exists.' };
    const declined = token.behaviour === 'declined' || (token.behaviour === 'fails_on_renewal' && request.offSession);
    const [stored] = await db
      .insert(devPaymentCharges)
      .values({
        idempotencyKey: request.idempotencyKey,
        id: `devpay_${generateId(now().getTime())}`,
        tokenId: token.id,
        amountMinor: request.amountMinor,
        currency: request.currency,
        status: declined ? 'failed' : 'succeeded',
        failureCode: declined ? DECLINE.code : null,
        createdAt: now(),
      })
      .onConflictDoNothing()
      .returning();
    if (stored) return toResult(stored);
    // Another request with the same key won the race; answer as it did.
    return this.charge(request);
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    const { db, now } = this.deps;
    const byKey = async (executor: Executor) => {
      const [earlier] = await executor.select().from(devPaymentRefunds).where(eq(devPaymentRefunds.idempotencyKey, request.idempotencyKey));
      if (!earlier) return undefined;
      if (earlier.chargeId !== request.paymentRef || earlier.amountMinor !== request.amountMinor || earlier.currency !== request.currency)
        throw new PaymentProviderError('idempotency key reused with different parameters');
      return { status: 'succeeded', providerRef: earlier.id } as const;
    };
    const earlier = await byKey(db);
    if (earlier) return earlier;
    return db.transaction(async (tx) => {
      // One refund of a payment at a time, so two refunds together never give back more than was paid.
      const [charge] = await tx.select().from(devPaymentCharges).where(eq(devPaymentCharges.id, request.paymentRef)).for('update');
      const repeated = await byKey(tx);
      if (repeated) return repeated;
      if (charge?.status !== 'succeeded') return refusal('charge_not_refundable', 'There is no successful payment to refund.');
      if (charge.currency !== request.currency) return refusal('currency_mismatch', `This payment was made in ${charge.currency}.`);
      const [given] = await tx
        .select({ refundedMinor: sql<number>`coalesce(sum(${devPaymentRefunds.amountMinor}), 0)::int` })
        .from(devPaymentRefunds)
        .where(eq(devPaymentRefunds.chargeId, charge.id));
      const leftMinor = charge.amountMinor - (given?.refundedMinor ?? 0);
      if (leftMinor <= 0) return refusal('charge_already_refunded', 'This payment has already been refunded.');
      if (!Number.isInteger(request.amountMinor) || request.amountMinor < 1 || request.amountMinor > leftMinor)
        return refusal('amount_too_large', `At most ${leftMinor} (minor units) of this payment can be refunded.`);
      const id = `devref_${generateId(now().getTime())}`;
      await tx.insert(devPaymentRefunds).values({
        idempotencyKey: request.idempotencyKey,
        id,
        chargeId: charge.id,
        amountMinor: request.amountMinor,
        currency: request.currency,
        createdAt: now(),
      });
      return { status: 'succeeded', providerRef: id };
    });
  }

  /**
   * A member's bank disputing a whole payment, as Stripe would report it: the amount and the
   * dispute fee taken at once. There is no page to send evidence to.
   */
  openDispute(payment: { providerRef: string; amountMinor: number; currency: string }): DisputeReport {
    const now = this.deps.now().getTime();
    return {
      providerRef: `devdp_${generateId(now)}`,
      paymentRef: payment.providerRef,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      reason: 'fraudulent',
      status: 'needs_response',
      evidenceDueBy: new Date(now + DEV_EVIDENCE_DAYS * DAY_MS),
      evidenceUrl: null,
      funds: { withdrawn: { feeMinor: DEV_DISPUTE_FEE_MINOR }, reinstated: null },
    };
  }

  /** The bank's decision on a test dispute: won gives the amount back but keeps the fee, as card networks often do. */
  decideDispute(open: DisputeReport, outcome: 'won' | 'lost'): DisputeReport {
    return { ...open, status: outcome, funds: { ...open.funds, reinstated: outcome === 'won' ? { feeReturnedMinor: 0 } : null } };
  }

  parseWebhook(): never {
    // Development charges settle while the request waits, so there is nothing to call back about.
    throw errors.notFound('Webhook');
  }

  /** The test cards' total of successful charges: what a real provider's dashboard would show. */
  async succeededCharges(): Promise<number> {
    const rows = await this.deps.db
      .select({ id: devPaymentCharges.id })
      .from(devPaymentCharges)
      .where(eq(devPaymentCharges.status, 'succeeded'));
    return rows.length;
  }

  private async token(id: string) {
    if (!id.startsWith(TOKEN_PREFIX)) return undefined;
    const [token] = await this.deps.db.select().from(devPaymentTokens).where(eq(devPaymentTokens.id, id));
    return token;
  }
}

function toResult(row: typeof devPaymentCharges.$inferSelect): ChargeResult {
  return row.status === 'succeeded'
    ? { status: 'succeeded', providerRef: row.id }
    : { status: 'failed', providerRef: row.id, code: row.failureCode ?? DECLINE.code, message: DECLINE.message };
}

/** A refund the provider refuses outright; like Stripe's refusals, it is not kept under its key, so asking again asks afresh. */
function refusal(code: string, message: string): RefundResult {
  return { status: 'failed', providerRef: null, code, message };
}
