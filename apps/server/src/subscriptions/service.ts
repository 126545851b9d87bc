import {
  afterCancel,
  afterPaymentMethodChange,
  discountedAmount,
  generateId,
  grantsAccess,
  type PlanChangeQuote,
  periodsPrice,
  planChangeAmount,
  SUBSCRIPTION_PERIOD_MS,
  type Subscription,
  type SubscriptionMonths,
  type SubscriptionState,
  subscriptionStatus,
} from '@aurum/core';
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/database.js';
import { plans, subscriptions } from '../db/schema.js';
import { grantsAccessSql } from '../db/subscription-access.js';
import { errors } from '../http/errors.js';
import type { OffersService } from '../offers/service.js';
import type { ChargeRow, ChargesService } from '../payments/charges.js';
import type { PaymentsService } from '../payments/service.js';
import type { PlansService } from '../plans/service.js';
import type { RenewalsService } from './renewals.js';
import { type SubscriptionRow, stateColumns, subscriptionsQuery, toSubscription } from './rows.js';

export interface SubscriptionsServiceDeps {
  db: Database;
  now: () => Date;
  payments: PaymentsService;
  plans: PlansService;
  charges: ChargesService;
  renewals: RenewalsService;
  /** Discounts a member subscribes with, redeemed in the subscribing transaction. */
  offers: Pick<OffersService, 'redeem'>;
}

/**
 * A member's subscriptions: subscribe, cancel, change the method or the plan. Whatever costs
 * money goes through the charges module (`payments/charges.ts`): a pending charge is begun in
 * the transaction that checked the request, then settled while the member waits; what a paid
 * charge buys is written by this domain's effects (`charge-effects.ts`).
 */
export class SubscriptionsService {
  /** The member's list, prepared once (a named statement on PostgreSQL): it is read on every visit to the subscriptions page. */
  private listQuery: ReturnType<SubscriptionsService['prepareList']> | undefined;

  constructor(private readonly deps: SubscriptionsServiceDeps) {}

  /**
   * Subscribes to a plan for one billing period, or for one of its bundles' lengths, paid up front
   * at the price the member was shown (`expectedAmountMinor`: a changed price is refused, never charged).
   */
  async subscribe(
    userId: string,
    input: {
      planId: string;
      paymentMethodId: string;
      idempotencyKey: string;
      months: SubscriptionMonths;
      expectedAmountMinor?: number | undefined;
      /** A discount's code: it comes off this first payment (and the next ones it names). */
      offerCode?: string | undefined;
    },
  ): Promise<Subscription> {
    const { db, payments, charges: chargesModule } = this.deps;
    payments.assertAvailable();
    const key = `subscribe:${userId}:${input.idempotencyKey}`;
    let charge = await chargesModule.byKey(db, key);
    if (!charge) {
      const plan = await this.deps.plans.offered(input.planId);
      if (!plan) throw errors.planUnavailable();
      if (plan.creatorId === userId) throw errors.cannotSubscribeToSelf();
      const listAmountMinor = periodsPrice(plan, input.months);
      if (listAmountMinor === null)
        throw errors.planUnavailable({ message: `This plan is not sold for ${input.months} months at once. Choose another length.` });
      const method = await payments.ownMethod(userId, input.paymentMethodId);
      await payments.customerRef(userId);
      const now = this.deps.now();
      // One subscribe at a time per member, so two quick taps cannot buy the same creator twice.
      charge = await chargesModule.beginOnce(userId, key, async (tx) => {
        if (await this.currentSubscription(tx, userId, plan.creatorId)) throw errors.alreadySubscribed();
        await chargesModule.assertNoneInFlight(tx, userId, 'subscription', { creatorId: plan.creatorId });
        const offer = input.offerCode
          ? await this.deps.offers.redeem(tx, { userId, creatorId: plan.creatorId, planId: plan.id, code: input.offerCode })
          : null;
        const amountMinor = offer ? discountedAmount(listAmountMinor, offer) : listAmountMinor;
        if (input.expectedAmountMinor !== undefined && input.expectedAmountMinor !== amountMinor) throw errors.quoteChanged();
        return chargesModule.begin(tx, {
          kind: 'subscription',
          idempotencyKey: key,
          userId,
          creatorId: plan.creatorId,
          planId: plan.id,
          subscriptionId: generateId(now.getTime()),
          paymentMethodId: method.id,
          amountMinor,
          currency: plan.currency,
          offerId: offer?.id ?? null,
          listAmountMinor: offer ? listAmountMinor : null,
          periodStart: now,
          periodEnd: new Date(now.getTime() + input.months * SUBSCRIPTION_PERIOD_MS),
        });
      });
    }
    const settled = await chargesModule.settleNow(charge.id);
    if (!settled.subscriptionId) throw new Error(`subscription charge ${settled.id} names no subscription`);
    return this.get(userId, settled.subscriptionId);
  }

  async list(userId: string): Promise<Subscription[]> {
    this.listQuery ??= this.prepareList();
    const rows = await this.listQuery.execute({ userId });
    const now = this.deps.now();
    // Those that grant access first, then the newest.
    const grants = (row: (typeof rows)[number]) => Number(grantsAccess(row.subscription, now));
    return rows.sort((a, b) => grants(b) - grants(a)).map((row) => toSubscription(row, now));
  }

  async get(userId: string, subscriptionId: string): Promise<Subscription> {
    const [row] = await subscriptionsQuery(this.deps.db, and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId)));
    if (!row) throw errors.notFound('Subscription');
    return toSubscription(row, this.deps.now());
  }

  /** Turns renewal off; access stays until valid_until. The first cancel dates the cancellation. */
  async cancel(userId: string, subscriptionId: string): Promise<Subscription> {
    const now = this.deps.now();
    await this.transition(
      userId,
      subscriptionId,
      (state) => afterCancel(state),
      (row) => ({ cancelledAt: row.autoRenew ? now : row.cancelledAt }),
    );
    return this.get(userId, subscriptionId);
  }

  /** Sets the method renewals are paid with and turns renewal back on; a failed renewal is tried again with it at once. */
  async changePaymentMethod(userId: string, subscriptionId: string, paymentMethodId: string): Promise<Subscription> {
    const method = await this.deps.payments.ownMethod(userId, paymentMethodId);
    const now = this.deps.now();
    const updated = await this.transition(
      userId,
      subscriptionId,
      (state) => {
        if (subscriptionStatus(state, now) === 'expired') throw errors.subscriptionEnded();
        return afterPaymentMethodChange(state, now);
      },
      // Renewal is on again: the cancellation, if any, is undone.
      () => ({ paymentMethodId: method.id, cancelledAt: null }),
    );
    if (updated.renewalFailedAt) await this.deps.renewals.renewOne(subscriptionId);
    return this.get(userId, subscriptionId);
  }

  /** What moving to another plan of the same creator costs now, shown before the member confirms. */
  async quotePlanChange(userId: string, subscriptionId: string, planId: string): Promise<PlanChangeQuote> {
    const { quote } = await this.planChange(this.deps.db, userId, subscriptionId, planId);
    return quote;
  }

  /**
   * Moves to another plan. A dearer plan costs the prorated difference now, charged like any
   * payment; a cheaper one costs nothing now and its price applies from the next renewal.
   */
  async changePlan(
    userId: string,
    subscriptionId: string,
    input: { planId: string; expectedAmountMinor: number; idempotencyKey: string },
  ): Promise<Subscription> {
    const { db, charges: chargesModule } = this.deps;
    const key = `plan_change:${userId}:${input.idempotencyKey}`;
    let charge: ChargeRow | null | undefined = await chargesModule.byKey(db, key);
    if (!charge) {
      charge = await db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from ${subscriptions} where ${subscriptions.id} = ${subscriptionId} for update`);
        const repeated = await chargesModule.byKey(tx, key);
        if (repeated) return repeated;
        const { quote, plan, subscription } = await this.planChange(tx, userId, subscriptionId, input.planId);
        if (quote.amountDueMinor !== input.expectedAmountMinor) throw errors.quoteChanged();
        if (quote.amountDueMinor === 0) {
          await tx.update(subscriptions).set({ planId: plan.id }).where(eq(subscriptions.id, subscriptionId));
          return null;
        }
        if (!subscription.paymentMethodId) throw errors.paymentMethodRequired();
        return chargesModule.begin(tx, {
          kind: 'plan_change',
          idempotencyKey: key,
          userId,
          creatorId: plan.creatorId,
          planId: plan.id,
          subscriptionId,
          paymentMethodId: subscription.paymentMethodId,
          amountMinor: quote.amountDueMinor,
          currency: plan.currency,
          periodStart: this.deps.now(),
          periodEnd: subscription.validUntil,
        });
      });
    }
    if (charge) await chargesModule.settleNow(charge.id);
    return this.get(userId, subscriptionId);
  }

  /** Applies a pure state transition to the member's own subscription. */
  private async transition(
    userId: string,
    subscriptionId: string,
    change: (state: SubscriptionState) => SubscriptionState,
    extra: (row: SubscriptionRow) => Partial<SubscriptionRow> = () => ({}),
  ): Promise<SubscriptionState> {
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId)))
        .for('update');
      if (!row) throw errors.notFound('Subscription');
      const next = change(row);
      await tx
        .update(subscriptions)
        .set({ ...stateColumns(next), ...extra(row) })
        .where(eq(subscriptions.id, subscriptionId));
      return next;
    });
  }

  private async planChange(executor: Executor, userId: string, subscriptionId: string, planId: string) {
    const [subscription] = await executor
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId)));
    if (!subscription) throw errors.notFound('Subscription');
    const now = this.deps.now();
    if (subscriptionStatus(subscription, now) === 'expired' || !grantsAccess(subscription, now))
      throw errors.subscriptionEnded({ message: 'This subscription has ended. Subscribe again instead.' });
    if (subscription.planId === planId) throw errors.samePlan();
    if (subscription.months > 1) throw errors.bundlePlanChange();
    const [current] = await executor.select().from(plans).where(eq(plans.id, subscription.planId));
    const plan = await this.deps.plans.offered(planId, executor);
    if (!plan || !current || plan.creatorId !== subscription.creatorId) throw errors.planUnavailable();
    if (plan.currency !== current.currency)
      throw errors.currencyMismatch({ message: `This plan is priced in ${plan.currency}; yours is in ${current.currency}.` });
    const amountDueMinor = planChangeAmount({
      fromPriceMinor: current.priceMinor,
      toPriceMinor: plan.priceMinor,
      validUntil: subscription.validUntil,
      now,
    });
    const quote: PlanChangeQuote = {
      planId: plan.id,
      amountDueMinor,
      currency: plan.currency,
      nextRenewalPriceMinor: plan.priceMinor,
      validUntil: subscription.validUntil.toISOString(),
    };
    return { quote, plan, subscription };
  }

  /** The member's subscription to the creator that still grants access or is still trying to renew. */
  private async currentSubscription(executor: Executor, userId: string, creatorId: string) {
    const [row] = await executor
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.creatorId, creatorId),
          isNull(subscriptions.lapsedAt),
          or(
            grantsAccessSql(subscriptions.validUntil, this.deps.now()),
            and(eq(subscriptions.autoRenew, true), isNotNull(subscriptions.renewalFailedAt)),
          ),
        ),
      )
      .limit(1);
    return row;
  }

  private prepareList() {
    return subscriptionsQuery(this.deps.db, eq(subscriptions.userId, sql.placeholder('userId'))).prepare('subscriptions_of_member');
  }
}
