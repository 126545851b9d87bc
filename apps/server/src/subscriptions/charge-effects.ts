import { SUBSCRIPTION_PERIOD_MS } from '@aurum/core';
import { eq, sql } from 'drizzle-orm';
import { planOffers, subscriptions } from '../db/schema.js';
import type { ChargeEffect, ChargeKind, ChargeRow } from '../payments/charges.js';
import type { RenewalsService } from './renewals.js';

type SubscriptionChargeKind = Extract<ChargeKind, 'subscription' | 'renewal' | 'plan_change'>;

/** What the charges of the subscriptions domain buy once paid; app.ts registers them with the charges module. */
export function subscriptionChargeEffects(renewals: RenewalsService): Record<SubscriptionChargeKind, ChargeEffect> {
  // A refunded or charged back subscription payment: it never renews again, and ends now if so chosen.
  const refunded: ChargeEffect['refunded'] = async (tx, charge, takeBack, refundedAt) => {
    const { subscriptionId } = subscriptionCharge(charge);
    await tx
      .update(subscriptions)
      .set({
        autoRenew: false,
        ...(takeBack.endsAccess ? { validUntil: sql`least(${subscriptions.validUntil}, ${refundedAt.toISOString()}::timestamptz)` } : {}),
      })
      .where(eq(subscriptions.id, subscriptionId));
  };
  return {
    subscription: {
      description: 'Aurum subscription',
      offSession: false,
      // The subscription whose id was chosen when the charge began.
      paid: async (tx, charge, paidAt) => {
        const { subscriptionId, planId, periodEnd, months } = subscriptionCharge(charge);
        await tx
          .insert(subscriptions)
          .values({
            id: subscriptionId,
            userId: charge.userId,
            creatorId: charge.creatorId,
            planId,
            paymentMethodId: charge.paymentMethodId,
            autoRenew: true,
            months,
            // The discount it was bought with comes off this many more payments.
            offerId: charge.offerId,
            offerPaymentsLeft: charge.offerId
              ? sql`(select greatest(${planOffers.payments} - 1, 0) from ${planOffers} where ${planOffers.id} = ${charge.offerId})`
              : 0,
            validUntil: periodEnd,
            paidAt,
            createdAt: paidAt,
          })
          .onConflictDoNothing();
      },
      refunded,
    },
    renewal: {
      description: 'Aurum renewal',
      offSession: true,
      paid: async (tx, charge, paidAt) => {
        const { subscriptionId, periodEnd } = subscriptionCharge(charge);
        await tx
          .update(subscriptions)
          .set({
            validUntil: periodEnd,
            paidAt,
            renewalFailedAt: null,
            renewalFailures: 0,
            lapsedAt: null,
            autoRenew: true,
            cancelledAt: null,
            ...(charge.offerId ? { offerPaymentsLeft: sql`greatest(${subscriptions.offerPaymentsLeft} - 1, 0)` } : {}),
          })
          .where(eq(subscriptions.id, subscriptionId));
      },
      failed: (tx, charge, failedAt) => renewals.recordFailure(tx, subscriptionCharge(charge).subscriptionId, failedAt),
      refunded,
    },
    plan_change: {
      description: 'Aurum plan change',
      offSession: false,
      paid: async (tx, charge) => {
        const { subscriptionId, planId } = subscriptionCharge(charge);
        await tx.update(subscriptions).set({ planId }).where(eq(subscriptions.id, subscriptionId));
      },
      refunded,
    },
  };
}

/**
 * A subscription charge always names its subscription, plan and period (written so by the domain
 * that began it); the period's length says how many billing periods it buys (a bundle's, or one).
 */
function subscriptionCharge(charge: ChargeRow): { subscriptionId: string; planId: string; periodEnd: Date; months: number } {
  const { subscriptionId, planId, periodStart, periodEnd } = charge;
  if (!subscriptionId || !planId || !periodStart || !periodEnd)
    throw new Error(`${charge.kind} charge ${charge.id} names no subscription, plan or period`);
  const months = Math.max(1, Math.round((periodEnd.getTime() - periodStart.getTime()) / SUBSCRIPTION_PERIOD_MS));
  return { subscriptionId, planId, periodEnd, months };
}
