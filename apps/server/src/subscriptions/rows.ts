import {
  type Bundle,
  grantsAccess,
  inTrial,
  nextRenewalAttemptAt,
  type Plan,
  periodsPrice,
  planPerksSchema,
  type Subscription,
  type SubscriptionState,
  subscriptionStatus,
} from '@aurum/core';
import { type and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { charges, paymentMethods, plans, profiles, subscriptions } from '../db/schema.js';
import { profileImageUrl } from '../media/media-urls.js';
import { toPaymentMethod } from '../payments/service.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The columns a pure state transition (core's `afterCancel`, `afterRenewalFailed`, ...) changes. */
export function stateColumns(state: SubscriptionState): Partial<SubscriptionRow> {
  return {
    autoRenew: state.autoRenew,
    validUntil: state.validUntil,
    renewalFailedAt: state.renewalFailedAt,
    renewalFailures: state.renewalFailures,
    lapsedAt: state.lapsedAt,
  };
}

/** When the subscription's last payment was refunded (the refund settled), or null. */
const lastPaymentRefundedAt = sql<Date | string | null>`(select r.settled_at from ${charges} as r
  where r.status = 'succeeded' and r.refund_of = (select c.id from ${charges} as c
    where c.subscription_id = ${subscriptions.id} and c.status = 'succeeded' and c.kind <> 'refund'
    order by c.settled_at desc, c.id desc limit 1))`;

/**
 * Subscriptions with what the member sees of them (plan, creator, payment method), newest first.
 * Only the columns the answer uses: the member's list is read on every visit, and every column
 * costs the driver and the mapping on each row.
 */
export function subscriptionsQuery(db: Database, where: ReturnType<typeof and>) {
  return db
    .select({
      subscription: {
        id: subscriptions.id,
        creatorId: subscriptions.creatorId,
        autoRenew: subscriptions.autoRenew,
        validUntil: subscriptions.validUntil,
        paidAt: subscriptions.paidAt,
        renewalFailedAt: subscriptions.renewalFailedAt,
        renewalFailures: subscriptions.renewalFailures,
        lapsedAt: subscriptions.lapsedAt,
        trialEndsAt: subscriptions.trialEndsAt,
        months: subscriptions.months,
        createdAt: subscriptions.createdAt,
        refundedAt: lastPaymentRefundedAt,
      },
      plan: {
        id: plans.id,
        name: plans.name,
        priceMinor: plans.priceMinor,
        currency: plans.currency,
        perks: plans.perks,
        bundles: plans.bundles,
      },
      method: {
        id: paymentMethods.id,
        type: paymentMethods.type,
        brand: paymentMethods.brand,
        last4: paymentMethods.last4,
        email: paymentMethods.email,
        expMonth: paymentMethods.expMonth,
        expYear: paymentMethods.expYear,
        isDefault: paymentMethods.isDefault,
        createdAt: paymentMethods.createdAt,
        removedAt: paymentMethods.removedAt,
      },
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

type SubscriptionQueryRow = Awaited<ReturnType<typeof subscriptionsQuery>>[number];

export function toSubscription(row: SubscriptionQueryRow, now: Date): Subscription {
  const { subscription, plan, method } = row;
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
    refundedAt: subscription.refundedAt === null ? null : new Date(subscription.refundedAt).toISOString(),
    status,
    active: grantsAccess(subscription, now),
    renewalFailedAt: subscription.renewalFailedAt?.toISOString() ?? null,
    nextRenewalAt: nextAttempt && status !== 'expired' ? (nextAttempt > now ? nextAttempt : now).toISOString() : null,
    trialEndsAt: subscription.trialEndsAt && inTrial(subscription) ? subscription.trialEndsAt.toISOString() : null,
    months: subscription.months,
    paymentMinor: periodsPrice({ priceMinor: plan.priceMinor, bundles: plan.bundles as Bundle[] }, subscription.months),
    createdAt: subscription.createdAt.toISOString(),
  };
}
