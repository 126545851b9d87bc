import {
  afterCancel,
  afterPaymentMethodChange,
  afterRenewalFailed,
  afterRenewalPaid,
  type Currency,
  displayName,
  formatMoney,
  generateId,
  nextRenewalAttemptAt,
  type Plan,
  type PlanChangeQuote,
  planChangeAmount,
  planPerksSchema,
  RENEWAL_LEAD_MS,
  RENEWAL_RETRY_MS,
  SUBSCRIPTION_PERIOD_MS,
  type Subscription,
  type SubscriptionState,
  subscriptionStatus,
} from '@aurum/core';
import { and, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database, Executor } from '../db/database.js';
import { charges, paymentMethods, plans, profiles, subscriptions, users } from '../db/schema.js';
import { errors } from '../http/errors.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Mailer } from '../mail/mailer.js';
import { noticeMail } from '../mail/templates.js';
import { profileImageUrl } from '../media/media-urls.js';
import { failpoint } from '../payments/failpoint.js';
import { type ChargeResult, PaymentProviderError } from '../payments/provider.js';
import { type PaymentsService, toPaymentMethod } from '../payments/service.js';
import type { PlansService } from '../plans/service.js';

type ChargeRow = typeof charges.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;
type ChargeKind = 'subscription' | 'renewal' | 'plan_change';

export interface SubscriptionsServiceDeps {
  db: Database;
  now: () => Date;
  logger: Logger;
  jobs: JobQueue;
  mailer: Mailer;
  payments: PaymentsService;
  plans: PlansService;
  publicUrl: string;
}

const RECONCILE_JOB = 'payments.reconcile-charge';
const NOTIFY_JOB = 'subscriptions.notify';
const RENEWAL_SWEEP_JOB = 'subscriptions.renew-due';
/** A charge still pending this long after it started (its request crashed or timed out) is asked about again. */
const RECONCILE_DELAY_MS = 2 * 60 * 1000;
const RENEWAL_SWEEP_MS = 10 * 60 * 1000;
const RENEWAL_BATCH = 100;

/** The failure code of a charge the provider never confirmed either way; only such a failure can still turn into a payment. */
const UNRESOLVED = 'provider_unresolved';
const mayStillSucceed = or(eq(charges.status, 'pending'), and(eq(charges.status, 'failed'), eq(charges.failureCode, UNRESOLVED)));

/**
 * Subscriptions and the charges that pay for them. Every charge follows the same path:
 * 1. a `pending` charge row is written, with a reconcile job, in one transaction;
 * 2. the provider is asked, with the charge id as its idempotency key;
 * 3. the outcome and its effect (a new subscription, a longer one, a new plan) and the
 *    ledger entries are written in one transaction, guarded by the pending status.
 * A crash between 2 and 3 leaves a pending charge whose reconcile job asks the provider
 * again with the same key: the provider answers with the first payment rather than making
 * a second, and step 3 completes. So nobody pays twice and no paid subscription is lost.
 */
export class SubscriptionsService {
  /** The member's list, prepared once (a named statement on PostgreSQL): it is read on every visit to the subscriptions page. */
  private listQuery: ReturnType<SubscriptionsService['prepareList']> | undefined;

  constructor(private readonly deps: SubscriptionsServiceDeps) {
    deps.jobs.register(RECONCILE_JOB, {
      payload: z.object({ chargeId: z.string() }),
      maxAttempts: 12,
      run: async ({ chargeId }) => {
        const charge = await this.processCharge(chargeId);
        if (charge?.status === 'pending') throw new Error('the provider is still processing the payment');
      },
      onFailure: ({ chargeId }) => this.giveUpOnCharge(chargeId),
    });
    deps.jobs.register(NOTIFY_JOB, {
      payload: z.object({ subscriptionId: z.string(), event: z.enum(['renewal_failed', 'lapsed']) }),
      run: (payload) => this.notify(payload.subscriptionId, payload.event),
    });
    deps.jobs.every(RENEWAL_SWEEP_JOB, RENEWAL_SWEEP_MS, {
      payload: z.object({}),
      run: async () => {
        await this.renewDue();
      },
    });
  }

  async subscribe(userId: string, input: { planId: string; paymentMethodId: string; idempotencyKey: string }): Promise<Subscription> {
    const { db, payments } = this.deps;
    payments.assertAvailable();
    const key = `subscribe:${userId}:${input.idempotencyKey}`;
    let charge = await this.chargeByKey(db, key);
    if (!charge) {
      const plan = await this.deps.plans.offered(input.planId);
      if (!plan) throw errors.planUnavailable();
      if (plan.creatorId === userId) throw errors.cannotSubscribeToSelf();
      const method = await payments.ownMethod(userId, input.paymentMethodId);
      await payments.customerRef(userId);
      const now = this.deps.now();
      charge = await db.transaction(async (tx) => {
        // One subscribe at a time per member, so two quick taps cannot buy the same creator twice.
        await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
        const repeated = await this.chargeByKey(tx, key);
        if (repeated) return repeated;
        if (await this.currentSubscription(tx, userId, plan.creatorId)) throw errors.alreadySubscribed();
        const [inFlight] = await tx
          .select({ id: charges.id })
          .from(charges)
          .where(
            and(
              eq(charges.userId, userId),
              eq(charges.creatorId, plan.creatorId),
              eq(charges.kind, 'subscription'),
              eq(charges.status, 'pending'),
            ),
          )
          .limit(1);
        if (inFlight) throw errors.paymentInProgress();
        return this.beginCharge(tx, {
          kind: 'subscription',
          idempotencyKey: key,
          userId,
          plan,
          subscriptionId: generateId(now.getTime()),
          paymentMethodId: method.id,
          amountMinor: plan.priceMinor,
          periodStart: now,
          periodEnd: new Date(now.getTime() + SUBSCRIPTION_PERIOD_MS),
        });
      });
    }
    const settled = await this.settleNow(charge.id);
    return this.get(userId, settled.subscriptionId);
  }

  async list(userId: string): Promise<Subscription[]> {
    this.listQuery ??= this.prepareList();
    const rows = await this.listQuery.execute({ userId });
    const now = this.deps.now();
    // Those that grant access first, then the newest.
    const grants = (row: (typeof rows)[number]) => Number(row.subscription.validUntil > now);
    return rows.sort((a, b) => grants(b) - grants(a)).map((row) => this.toSubscription(row));
  }

  async get(userId: string, subscriptionId: string): Promise<Subscription> {
    const [row] = await this.query(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId)));
    if (!row) throw errors.notFound('Subscription');
    return this.toSubscription(row);
  }

  /** Turns renewal off; access stays until valid_until. */
  async cancel(userId: string, subscriptionId: string): Promise<Subscription> {
    await this.transition(userId, subscriptionId, (state) => afterCancel(state));
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
      { paymentMethodId: method.id },
    );
    if (updated.renewalFailedAt) await this.renewOne(subscriptionId).catch((error) => this.logRenewalError(subscriptionId, error));
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
    const key = `plan_change:${userId}:${input.idempotencyKey}`;
    let charge: ChargeRow | null | undefined = await this.chargeByKey(this.deps.db, key);
    if (!charge) {
      charge = await this.deps.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from ${subscriptions} where ${subscriptions.id} = ${subscriptionId} for update`);
        const repeated = await this.chargeByKey(tx, key);
        if (repeated) return repeated;
        const { quote, plan, subscription } = await this.planChange(tx, userId, subscriptionId, input.planId);
        if (quote.amountDueMinor !== input.expectedAmountMinor) throw errors.quoteChanged();
        if (quote.amountDueMinor === 0) {
          await tx.update(subscriptions).set({ planId: plan.id }).where(eq(subscriptions.id, subscriptionId));
          return null;
        }
        if (!subscription.paymentMethodId) throw errors.paymentMethodRequired();
        return this.beginCharge(tx, {
          kind: 'plan_change',
          idempotencyKey: key,
          userId,
          plan,
          subscriptionId,
          paymentMethodId: subscription.paymentMethodId,
          amountMinor: quote.amountDueMinor,
          periodStart: this.deps.now(),
          periodEnd: subscription.validUntil,
        });
      });
    }
    if (charge) await this.settleNow(charge.id);
    return this.get(userId, subscriptionId);
  }

  /**
   * Asks the provider about a pending charge (again, after a crash: same idempotency key)
   * and settles it. Safe to call any number of times; a settled charge is returned as is.
   */
  async processCharge(chargeId: string): Promise<ChargeRow | undefined> {
    const { db, payments } = this.deps;
    const charge = await this.chargeById(db, chargeId);
    if (charge?.status !== 'pending') return charge;
    const [method] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, charge.paymentMethodId));
    if (!method) throw new Error(`charge ${chargeId} names a payment method that does not exist`);
    const result = await payments.provider.charge({
      idempotencyKey: charge.id,
      customerRef: await payments.customerRef(charge.userId),
      methodRef: method.providerRef,
      amountMinor: charge.amountMinor,
      currency: charge.currency,
      description: `Aurum ${charge.kind.replace('_', ' ')}`,
      offSession: charge.kind === 'renewal',
      metadata: { subscription_id: charge.subscriptionId, plan_id: charge.planId, user_id: charge.userId, kind: charge.kind },
    });
    failpoint('after-provider-charge');
    return this.settle(chargeId, result);
  }

  /** Records the provider's outcome and its effect, once: only a pending charge can settle. */
  async settle(chargeId: string, result: ChargeResult): Promise<ChargeRow | undefined> {
    const { db, payments } = this.deps;
    if (result.status === 'pending') {
      await db
        .update(charges)
        .set({ providerRef: result.providerRef })
        .where(and(eq(charges.id, chargeId), eq(charges.status, 'pending')));
      return this.chargeById(db, chargeId);
    }
    const now = this.deps.now();
    const notifications: string[] = [];
    await db.transaction(async (tx) => {
      const [charge] = await tx
        .update(charges)
        .set({
          status: result.status,
          providerRef: result.providerRef,
          failureCode: result.status === 'failed' ? result.code : null,
          failureMessage: result.status === 'failed' ? result.message : null,
          settledAt: now,
        })
        .where(and(eq(charges.id, chargeId), result.status === 'succeeded' ? mayStillSucceed : eq(charges.status, 'pending')))
        .returning();
      if (!charge) return;
      if (result.status === 'succeeded') {
        await this.applyPayment(tx, charge, now);
        await payments.postCharge(tx, charge);
      } else if (charge.kind === 'renewal') {
        notifications.push(...(await this.recordRenewalFailure(tx, charge.subscriptionId, now)));
      }
    });
    if (notifications.length > 0) this.deps.jobs.wake();
    return this.chargeById(db, chargeId);
  }

  /** Renews every subscription whose renewal (or retry) is due; run by the scheduled sweep. */
  async renewDue(): Promise<number> {
    const now = this.deps.now();
    const due = await this.deps.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.autoRenew, true),
          isNull(subscriptions.lapsedAt),
          or(
            and(isNull(subscriptions.renewalFailedAt), lte(subscriptions.validUntil, new Date(now.getTime() + RENEWAL_LEAD_MS))),
            lte(subscriptions.renewalFailedAt, new Date(now.getTime() - RENEWAL_RETRY_MS)),
          ),
          sql`not exists (select 1 from ${charges} where ${charges.subscriptionId} = ${subscriptions.id} and ${charges.status} = 'pending')`,
        ),
      )
      .orderBy(subscriptions.validUntil)
      .limit(RENEWAL_BATCH);
    for (const { id } of due) await this.renewOne(id).catch((error) => this.logRenewalError(id, error));
    return due.length;
  }

  /** Charges one due renewal: off-session, with the current plan price, for the period after the current one. */
  private async renewOne(subscriptionId: string): Promise<void> {
    const now = this.deps.now();
    const chargeId = await this.deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for('update');
      if (!row) return null;
      const attemptAt = nextRenewalAttemptAt(row);
      if (!attemptAt || attemptAt > now) return null;
      const [pending] = await tx
        .select({ id: charges.id })
        .from(charges)
        .where(and(eq(charges.subscriptionId, subscriptionId), eq(charges.status, 'pending')))
        .limit(1);
      if (pending) return null;
      const [plan] = await tx.select().from(plans).where(eq(plans.id, row.planId));
      const [method] = row.paymentMethodId
        ? await tx
            .select()
            .from(paymentMethods)
            .where(and(eq(paymentMethods.id, row.paymentMethodId), isNull(paymentMethods.removedAt)))
        : [];
      if (!plan || !method) {
        await this.recordRenewalFailure(tx, subscriptionId, now);
        return null;
      }
      const charge = await this.beginCharge(tx, {
        kind: 'renewal',
        // One attempt per period and try: a retry after a decline is a new payment, a crashed one is not.
        idempotencyKey: `renewal:${row.id}:${row.validUntil.toISOString()}:${row.renewalFailures}`,
        userId: row.userId,
        plan: { id: plan.id, creatorId: plan.creatorId, currency: plan.currency as Currency },
        subscriptionId,
        paymentMethodId: method.id,
        amountMinor: plan.priceMinor,
        periodStart: row.validUntil > now ? row.validUntil : now,
        periodEnd: afterRenewalPaid(row, now).validUntil,
      });
      return charge.id;
    });
    this.deps.jobs.wake();
    if (chargeId) await this.processCharge(chargeId);
  }

  /** A webhook's word on a charge; a charge already settled stays as it is. */
  async settleFromWebhook(chargeId: string, result: ChargeResult): Promise<'applied' | 'unchanged' | 'unknown_charge'> {
    const charge = await this.chargeById(this.deps.db, chargeId);
    if (!charge) return 'unknown_charge';
    const unresolved = charge.status === 'failed' && charge.failureCode === UNRESOLVED;
    if (charge.status !== 'pending' && !(unresolved && result.status === 'succeeded')) return 'unchanged';
    await this.settle(chargeId, result);
    return 'applied';
  }

  /**
   * The reconcile job's last resort: the provider never gave a final answer (Stripe replays a
   * 500 for the same idempotency key for a day). The charge is closed as failed so the member
   * can try again; should the provider later report that it did take the money, the webhook
   * still applies it.
   */
  async giveUpOnCharge(chargeId: string): Promise<void> {
    const now = this.deps.now();
    const notices = await this.deps.db.transaction(async (tx) => {
      const [charge] = await tx
        .update(charges)
        .set({
          status: 'failed',
          failureCode: UNRESOLVED,
          failureMessage: 'The payment provider never confirmed this payment.',
          settledAt: now,
        })
        .where(and(eq(charges.id, chargeId), eq(charges.status, 'pending')))
        .returning();
      if (!charge) return [];
      this.deps.logger.error(
        { chargeId, providerRef: charge.providerRef },
        'payment never confirmed by the provider; closed as failed, check it at the provider',
      );
      return charge.kind === 'renewal' ? this.recordRenewalFailure(tx, charge.subscriptionId, now) : [];
    });
    if (notices.length > 0) this.deps.jobs.wake();
  }

  private async settleNow(chargeId: string): Promise<ChargeRow> {
    let charge: ChargeRow | undefined;
    try {
      charge = await this.processCharge(chargeId);
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        this.deps.logger.warn({ err: error, chargeId }, 'payment provider did not answer; the reconciler will ask again');
        throw errors.paymentProviderUnavailable();
      }
      throw error;
    }
    if (!charge) throw errors.notFound('Payment');
    if (charge.status === 'failed') throw errors.paymentDeclined({ message: charge.failureMessage ?? undefined });
    if (charge.status === 'pending') throw errors.paymentPending();
    return charge;
  }

  private async beginCharge(
    tx: Executor,
    input: {
      kind: ChargeKind;
      idempotencyKey: string;
      userId: string;
      plan: Pick<Plan, 'id' | 'creatorId' | 'currency'>;
      subscriptionId: string;
      paymentMethodId: string;
      amountMinor: number;
      periodStart: Date;
      periodEnd: Date;
    },
  ): Promise<ChargeRow> {
    const now = this.deps.now();
    const [charge] = await tx
      .insert(charges)
      .values({
        id: generateId(now.getTime()),
        idempotencyKey: input.idempotencyKey,
        kind: input.kind,
        userId: input.userId,
        creatorId: input.plan.creatorId,
        planId: input.plan.id,
        subscriptionId: input.subscriptionId,
        paymentMethodId: input.paymentMethodId,
        provider: this.deps.payments.provider.name,
        amountMinor: input.amountMinor,
        currency: input.plan.currency,
        periodStart: input.periodStart,
        periodEnd: input.periodEnd,
        createdAt: now,
      })
      .returning();
    if (!charge) throw new Error('inserting a charge returned nothing');
    await this.deps.jobs.enqueue(
      RECONCILE_JOB,
      { chargeId: charge.id },
      { id: `${RECONCILE_JOB}:${charge.id}`, runAt: new Date(now.getTime() + RECONCILE_DELAY_MS) },
      tx,
    );
    return charge;
  }

  /** What a paid charge buys: the new subscription, the next period, or the new plan. */
  private async applyPayment(tx: Executor, charge: ChargeRow, paidAt: Date): Promise<void> {
    switch (charge.kind as ChargeKind) {
      case 'subscription':
        await tx
          .insert(subscriptions)
          .values({
            id: charge.subscriptionId,
            userId: charge.userId,
            creatorId: charge.creatorId,
            planId: charge.planId,
            paymentMethodId: charge.paymentMethodId,
            autoRenew: true,
            validUntil: charge.periodEnd,
            paidAt,
            createdAt: paidAt,
          })
          .onConflictDoNothing();
        return;
      case 'renewal':
        await tx
          .update(subscriptions)
          .set({ validUntil: charge.periodEnd, paidAt, renewalFailedAt: null, renewalFailures: 0, lapsedAt: null, autoRenew: true })
          .where(eq(subscriptions.id, charge.subscriptionId));
        return;
      case 'plan_change':
        await tx.update(subscriptions).set({ planId: charge.planId }).where(eq(subscriptions.id, charge.subscriptionId));
        return;
    }
  }

  /** Records a failed renewal (retry later, or lapse after the grace period) and queues the member's notice. */
  private async recordRenewalFailure(tx: Executor, subscriptionId: string, failedAt: Date): Promise<string[]> {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    if (!row) return [];
    const next = afterRenewalFailed(row, failedAt);
    await tx.update(subscriptions).set(stateColumns(next)).where(eq(subscriptions.id, subscriptionId));
    const event = next.lapsedAt ? 'lapsed' : 'renewal_failed';
    await this.deps.jobs.enqueue(
      NOTIFY_JOB,
      { subscriptionId, event },
      { id: `${NOTIFY_JOB}:${subscriptionId}:${row.renewalFailures}` },
      tx,
    );
    return [event];
  }

  private async notify(subscriptionId: string, event: 'renewal_failed' | 'lapsed'): Promise<void> {
    const creator = profiles;
    const [row] = await this.deps.db
      .select({
        email: users.email,
        planName: plans.name,
        priceMinor: plans.priceMinor,
        currency: plans.currency,
        validUntil: subscriptions.validUntil,
        handle: creator.handle,
        publicName: creator.publicName,
      })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .innerJoin(creator, eq(creator.userId, subscriptions.creatorId))
      .where(and(eq(subscriptions.id, subscriptionId), isNull(users.disabledAt)));
    if (!row) return;
    const name = displayName(row);
    const price = formatMoney({ amountMinor: row.priceMinor, currency: row.currency as Currency });
    const actionUrl = new URL(`/subscriptions/${subscriptionId}`, this.deps.publicUrl).toString();
    const paragraphs =
      event === 'lapsed'
        ? [
            `Your subscription to ${name} (${row.planName}) has ended: we could not take the ${price} renewal payment.`,
            'Subscribe again whenever you like to get access back.',
          ]
        : [
            `We could not take the ${price} renewal payment for your subscription to ${name} (${row.planName}).`,
            'We will try again tomorrow. To keep your subscription, check your payment method or choose another one.',
          ];
    const subject = event === 'lapsed' ? `Your subscription to ${name} has ended` : `Your payment for ${name} did not go through`;
    await this.deps.mailer.send(noticeMail({ to: row.email, subject, paragraphs, actionUrl, appUrl: this.deps.publicUrl }));
  }

  /** Applies a pure state transition to the member's own subscription. */
  private async transition(
    userId: string,
    subscriptionId: string,
    change: (state: SubscriptionState) => SubscriptionState,
    extra: Partial<SubscriptionRow> = {},
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
        .set({ ...stateColumns(next), ...extra })
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
    if (subscriptionStatus(subscription, now) === 'expired' || subscription.validUntil <= now)
      throw errors.subscriptionEnded({ message: 'This subscription has ended. Subscribe again instead.' });
    if (subscription.planId === planId) throw errors.samePlan();
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
            gt(subscriptions.validUntil, this.deps.now()),
            and(eq(subscriptions.autoRenew, true), isNotNull(subscriptions.renewalFailedAt)),
          ),
        ),
      )
      .limit(1);
    return row;
  }

  private async chargeByKey(executor: Executor, key: string): Promise<ChargeRow | undefined> {
    const [charge] = await executor.select().from(charges).where(eq(charges.idempotencyKey, key));
    return charge;
  }

  private async chargeById(executor: Executor, id: string): Promise<ChargeRow | undefined> {
    const [charge] = await executor.select().from(charges).where(eq(charges.id, id));
    return charge;
  }

  private prepareList() {
    return this.query(eq(subscriptions.userId, sql.placeholder('userId'))).prepare('subscriptions_of_member');
  }

  private query(where: ReturnType<typeof and>) {
    return this.deps.db
      .select({
        subscription: subscriptions,
        plan: plans,
        method: paymentMethods,
        handle: profiles.handle,
        publicName: profiles.publicName,
        avatarColor: profiles.avatarColor,
        avatarMediaId: profiles.avatarMediaId,
      })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .innerJoin(profiles, eq(profiles.userId, subscriptions.creatorId))
      .leftJoin(paymentMethods, eq(paymentMethods.id, subscriptions.paymentMethodId))
      .where(where)
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
  }

  private toSubscription(row: Awaited<ReturnType<SubscriptionsService['query']>>[number]): Subscription {
    const { subscription, plan, method } = row;
    const now = this.deps.now();
    const status = subscriptionStatus(subscription, now);
    const nextAttempt = nextRenewalAttemptAt(subscription);
    return {
      id: subscription.id,
      creator: {
        userId: subscription.creatorId,
        handle: row.handle,
        publicName: row.publicName,
        avatarColor: row.avatarColor,
        avatarUrl: profileImageUrl(subscription.creatorId, 'avatar', row.avatarMediaId),
      },
      plan: {
        id: plan.id,
        name: plan.name,
        priceMinor: plan.priceMinor,
        currency: plan.currency as Plan['currency'],
        perks: planPerksSchema.parse(plan.perks),
      },
      paymentMethod: method && !method.removedAt ? toPaymentMethod(method) : null,
      autoRenew: subscription.autoRenew,
      validUntil: subscription.validUntil.toISOString(),
      paidAt: subscription.paidAt?.toISOString() ?? null,
      status,
      active: subscription.validUntil > now,
      renewalFailedAt: subscription.renewalFailedAt?.toISOString() ?? null,
      nextRenewalAt: nextAttempt && status !== 'expired' ? (nextAttempt > now ? nextAttempt : now).toISOString() : null,
      createdAt: subscription.createdAt.toISOString(),
    };
  }

  private logRenewalError(subscriptionId: string, error: unknown): void {
    this.deps.logger.error({ err: error, subscriptionId }, 'renewal attempt failed to run; the next sweep tries again');
  }
}

function stateColumns(state: SubscriptionState): Partial<SubscriptionRow> {
  return {
    autoRenew: state.autoRenew,
    validUntil: state.validUntil,
    renewalFailedAt: state.renewalFailedAt,
    renewalFailures: state.renewalFailures,
    lapsedAt: state.lapsedAt,
  };
}
