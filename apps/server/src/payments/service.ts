import {
  type ChargeKindName,
  type ChargeStatus,
  type Currency,
  type Earnings,
  generateId,
  type PaymentHistoryPage,
  type PaymentMethod,
  type PaymentsConfig,
  paymentMethodText,
  splitPayment,
} from '@aurum/core';
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database, Executor } from '../db/database.js';
import { type charges, ledgerEntries, paymentCustomers, paymentMethods, subscriptions, users } from '../db/schema.js';
import { errors } from '../http/errors.js';
import { keysetPage, keysetStart, type PageRequest, timeKey } from '../http/page-cursor.js';
import type { Ledger } from '../ledger/ledger.js';
import { profileImageUrl } from '../media/media-urls.js';
import { DevPaymentProvider } from './dev-provider.js';
import { PaymentMethodRejected, type PaymentProvider, PaymentProviderError } from './provider.js';
import type { PaymentsStatements } from './statements.js';

type PaymentMethodRow = typeof paymentMethods.$inferSelect;
type ChargeRow = typeof charges.$inferSelect;

export interface PaymentsServiceDeps {
  db: Database;
  statements: PaymentsStatements;
  now: () => Date;
  logger: Logger;
  /** Null when no provider is configured: everything that takes money answers 503. */
  provider: PaymentProvider | null;
  platformFeeBasisPoints: number;
  ledger: Ledger;
}

/** The ledger kind that reverses each kind a payment posts. */
const REVERSAL_OF: Record<string, string> = {
  payment: 'refund',
  platform_fee: 'platform_fee_reversal',
  creator_earning: 'creator_earning_reversal',
};

function reversalOf(kind: string): string {
  const reversal = REVERSAL_OF[kind];
  if (!reversal) throw new Error(`a ${kind} ledger entry has no reversal`);
  return reversal;
}

/** What the API shows of a saved method: every column but the owner and the provider's own reference. */
export function toPaymentMethod(row: Omit<PaymentMethodRow, 'userId' | 'provider' | 'providerRef'>): PaymentMethod {
  return {
    id: row.id,
    type: row.type,
    brand: row.brand,
    last4: row.last4,
    email: row.email,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isDefault: row.isDefault,
    displayText: paymentMethodText(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Saved payment methods, provider customers and the ledger. The browser hands over only a
 * provider token; what is stored is that token's id at the provider and the brand, last 4
 * digits or PayPal address the member recognises the method by.
 */
export class PaymentsService {
  constructor(private readonly deps: PaymentsServiceDeps) {}

  assertAvailable(): void {
    if (!this.deps.provider) throw errors.paymentsUnavailable();
  }

  get provider(): PaymentProvider {
    if (!this.deps.provider) throw errors.paymentsUnavailable();
    return this.deps.provider;
  }

  /** The configured provider when a webhook names it; any other name is not found. */
  webhookProvider(name: string): PaymentProvider {
    if (this.deps.provider?.name !== name) throw errors.notFound('Webhook');
    return this.deps.provider;
  }

  clientConfig(): PaymentsConfig {
    return this.provider.clientConfig();
  }

  /**
   * For the development provider's own endpoints (its card form, ending a trial now, opening a
   * dispute): with any other provider, or none, they do not exist and answer 404.
   */
  assertDevelopmentProvider(): void {
    if (!(this.deps.provider instanceof DevPaymentProvider)) throw errors.notFound('Endpoint');
  }

  /** The development provider, for its own endpoints; absent (404) with any other provider. */
  get devProvider(): DevPaymentProvider {
    this.assertDevelopmentProvider();
    return this.deps.provider as DevPaymentProvider;
  }

  async list(userId: string): Promise<PaymentMethod[]> {
    const rows = await this.deps.db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.removedAt)))
      .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), desc(paymentMethods.id));
    return rows.map(toPaymentMethod);
  }

  /** The member's own payments, newest first: whom they paid, for what, and how it went. */
  async history(userId: string, page: PageRequest): Promise<PaymentHistoryPage> {
    const rows = await this.deps.statements.history.run({ viewer: userId, ...keysetStart(page, timeKey) });
    const { items, nextCursor } = keysetPage(rows, page.limit, (row) => [row.created_at, row.id]);
    return {
      items: items.map((row) => ({
        id: row.id,
        kind: row.kind as ChargeKindName,
        status: row.status as ChargeStatus,
        amountMinor: row.amount_minor,
        currency: row.currency as Currency,
        creator: {
          userId: row.creator_id,
          handle: row.handle,
          publicName: row.public_name,
          avatarColor: row.avatar_color,
          avatarUrl: profileImageUrl(row.creator_id, 'avatar', row.avatar_media_id),
        },
        planName: row.plan_name,
        postId: row.post_id,
        chatId: row.chat_id,
        tipMessage: row.tip_message,
        refundOf: row.refund_of,
        refunded: row.refunded,
        failureMessage: row.failure_message,
        createdAt: row.created_at,
      })),
      nextCursor,
    };
  }

  async get(userId: string, methodId: string): Promise<PaymentMethod> {
    return toPaymentMethod(await this.ownMethod(userId, methodId));
  }

  /** A method the user may pay with: theirs and not removed; anyone else's is not found. */
  async ownMethod(userId: string, methodId: string, executor: Executor = this.deps.db): Promise<PaymentMethodRow> {
    const [row] = await executor
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.id, methodId), eq(paymentMethods.userId, userId), isNull(paymentMethods.removedAt)));
    if (!row) throw errors.notFound('Payment method');
    return row;
  }

  async add(userId: string, input: { token: string; makeDefault: boolean }): Promise<PaymentMethod> {
    const provider = this.provider;
    const customerRef = await this.customerRef(userId);
    let attached: Awaited<ReturnType<PaymentProvider['attachPaymentMethod']>>;
    try {
      attached = await provider.attachPaymentMethod({ customerRef, token: input.token });
    } catch (error) {
      if (error instanceof PaymentMethodRejected) throw errors.paymentMethodRejected({ message: error.message });
      if (error instanceof PaymentProviderError) throw errors.paymentProviderUnavailable();
      throw error;
    }
    const now = this.deps.now();
    const row = await this.deps.db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(paymentMethods)
        .where(
          and(eq(paymentMethods.userId, userId), eq(paymentMethods.providerRef, attached.providerRef), isNull(paymentMethods.removedAt)),
        );
      if (existing) return existing;
      const [currentDefault] = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true), isNull(paymentMethods.removedAt)))
        .limit(1);
      // A method is the default when there is none (the first, or the one after a declined card): a member should not have to say so.
      const isDefault = input.makeDefault || !currentDefault;
      if (isDefault) await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.userId, userId));
      const [inserted] = await tx
        .insert(paymentMethods)
        .values({ id: generateId(now.getTime()), userId, provider: provider.name, ...attached, isDefault, createdAt: now })
        .returning();
      return inserted as PaymentMethodRow;
    });
    return toPaymentMethod(row);
  }

  /**
   * A payment with this method was declined: it is no longer the default, so the next payment
   * does not start with a card known to fail; the newest other method takes its place (with
   * none, the next method added does).
   */
  async declined(tx: Executor, methodId: string): Promise<void> {
    const [method] = await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(and(eq(paymentMethods.id, methodId), eq(paymentMethods.isDefault, true)))
      .returning({ userId: paymentMethods.userId });
    if (method) await handDefaultOn(tx, method.userId, methodId);
  }

  async setDefault(userId: string, methodId: string): Promise<PaymentMethod> {
    const row = await this.deps.db.transaction(async (tx) => {
      await this.ownMethod(userId, methodId, tx);
      await tx
        .update(paymentMethods)
        .set({ isDefault: false })
        .where(and(eq(paymentMethods.userId, userId), ne(paymentMethods.id, methodId)));
      const [updated] = await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, methodId)).returning();
      return updated as PaymentMethodRow;
    });
    return toPaymentMethod(row);
  }

  /**
   * Removes a method (kept for the history of its charges). A method that pays for a renewing
   * subscription stays until the member picks another, so no renewal fails for want of one.
   */
  async remove(userId: string, methodId: string): Promise<void> {
    const removed = await this.deps.db.transaction(async (tx) => {
      const method = await this.ownMethod(userId, methodId, tx);
      const [inUse] = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.paymentMethodId, methodId), eq(subscriptions.autoRenew, true), isNull(subscriptions.lapsedAt)))
        .limit(1);
      if (inUse) throw errors.paymentMethodInUse();
      await tx.update(paymentMethods).set({ removedAt: this.deps.now(), isDefault: false }).where(eq(paymentMethods.id, methodId));
      if (method.isDefault) await handDefaultOn(tx, userId, methodId);
      return method;
    });
    try {
      await this.provider.detachPaymentMethod({ customerRef: await this.customerRef(userId), methodRef: removed.providerRef });
    } catch (error) {
      // Our record is gone, so it will never be charged; a stale attachment at the provider is harmless.
      this.deps.logger.warn({ err: error, methodId }, 'could not detach a removed payment method at the provider');
    }
  }

  /** The member's customer at the provider, created (once, whatever the concurrency) the first time it is needed. */
  async customerRef(userId: string): Promise<string> {
    const provider = this.provider;
    const found = async () => {
      const [row] = await this.deps.db
        .select({ customerRef: paymentCustomers.customerRef })
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider.name)));
      return row?.customerRef;
    };
    const existing = await found();
    if (existing) return existing;
    const [user] = await this.deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) throw errors.unauthenticated();
    let customerRef: string;
    try {
      customerRef = await provider.createCustomer({ userId, email: user.email });
    } catch (error) {
      if (error instanceof PaymentProviderError) throw errors.paymentProviderUnavailable();
      throw error;
    }
    await this.deps.db.insert(paymentCustomers).values({ userId, provider: provider.name, customerRef }).onConflictDoNothing();
    return (await found()) ?? customerRef;
  }

  /**
   * Records a settled charge in the ledger: the member's payment, the platform's fee and the
   * creator's earning, which add up; the earning is held for the creator's hold. Posting the
   * same charge again is a no-op.
   */
  async postCharge(tx: Executor, charge: ChargeRow): Promise<void> {
    const { ledger } = this.deps;
    const { platformFeeMinor, creatorEarningMinor } = splitPayment(charge.amountMinor, this.deps.platformFeeBasisPoints);
    const { currency } = charge;
    await ledger.post(tx, { chargeId: charge.id }, [
      { kind: 'payment', userId: charge.userId, amountMinor: charge.amountMinor, currency },
      { kind: 'platform_fee', userId: null, amountMinor: platformFeeMinor, currency },
      {
        kind: 'creator_earning',
        userId: charge.creatorId,
        amountMinor: creatorEarningMinor,
        currency,
        availableAt: await ledger.holdEnd(tx, charge.creatorId),
      },
    ]);
  }

  /**
   * Records a settled refund in the ledger: each entry of the refunded payment reversed (the
   * member's refund, the platform's fee and the creator's earning, negated), in its currency,
   * so whatever fee the payment was split with is given back exactly. The creator is debited at
   * once, or with the earning while that is still held. Unique per refund and kind.
   */
  async postRefund(tx: Executor, refund: ChargeRow, charge: ChargeRow): Promise<void> {
    const { ledger } = this.deps;
    const paid = await ledger.entriesOf(tx, { chargeId: charge.id });
    if (paid.length === 0) throw new Error(`charge ${charge.id} has no ledger entries to reverse`);
    await ledger.post(tx, { chargeId: refund.id }, ledger.reversalsOf(paid, reversalOf));
  }

  /** A creator's earnings per currency: the sum of their ledger earning entries, net of refunds, chargebacks and dispute fees. */
  async earnings(creatorId: string): Promise<Earnings> {
    const rows = await this.deps.db
      .select({
        currency: ledgerEntries.currency,
        earnedMinor: sql<number>`sum(${ledgerEntries.amountMinor})::int`,
        payments: sql<number>`(count(*) filter (where ${ledgerEntries.kind} = 'creator_earning'))::int`,
      })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, creatorId), sql`starts_with(${ledgerEntries.kind}, 'creator_earning')`))
      .groupBy(ledgerEntries.currency)
      .orderBy(asc(ledgerEntries.currency));
    return {
      balances: rows.map((row) => ({ ...row, currency: row.currency as Earnings['balances'][number]['currency'] })),
      platformFeePercent: this.deps.platformFeeBasisPoints / 100,
    };
  }
}

/** Makes the member's newest method other than `methodId` the default, if they have one. */
async function handDefaultOn(tx: Executor, userId: string, methodId: string): Promise<void> {
  const [next] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), ne(paymentMethods.id, methodId), isNull(paymentMethods.removedAt)))
    .orderBy(desc(paymentMethods.createdAt))
    .limit(1);
  if (next) await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, next.id));
}
