import { formatMoney, SUBSCRIPTION_PERIOD_DAYS, type Subscription, type SubscriptionStatus } from '@aurum/core';
import { formatDate } from '../../lib/dates';

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  past_due: 'Payment failed',
  canceled: 'Canceled',
  expired: 'Expired',
};

export const STATUS_COLORS = {
  active: 'success',
  past_due: 'warning',
  canceled: 'default',
  expired: 'default',
} as const satisfies Record<SubscriptionStatus, string>;

/** A subscription's status in words; a free trial, and one that ended after its last payment was refunded, say so. */
export function statusLabel(subscription: Pick<Subscription, 'status' | 'refundedAt' | 'trialEndsAt'>): string {
  if (subscription.trialEndsAt && subscription.status === 'active') return 'Free trial';
  return subscription.status === 'expired' && subscription.refundedAt ? 'Refunded' : STATUS_LABELS[subscription.status];
}

/**
 * "Renews on Dec 1, 2026", "Free until Dec 1, 2026, then paid", "Access until Dec 1, 2026", "Ended Dec 1, 2026" or
 * "Refunded Dec 1, 2026".
 */
export function subscriptionDateLine(
  subscription: Pick<Subscription, 'status' | 'active' | 'validUntil' | 'refundedAt' | 'trialEndsAt'>,
): string {
  const date = formatDate(subscription.validUntil);
  if (subscription.status === 'active' && subscription.trialEndsAt) return `Free until ${date}, then paid`;
  if (subscription.status === 'active') return `Renews on ${date}`;
  if (subscription.active) return `Access until ${date}`;
  return subscription.refundedAt ? `Refunded ${formatDate(subscription.refundedAt)}` : `Ended ${date}`;
}

/** What each payment costs and how long it lasts: "$4.99" and "30 days", or a bundle's "$27.00" and "90 days". */
export function paymentTerms(subscription: Pick<Subscription, 'plan' | 'months' | 'paymentMinor'>): { price: string; per: string } {
  const { plan, months, paymentMinor } = subscription;
  return {
    price: formatMoney({ amountMinor: paymentMinor ?? plan.priceMinor, currency: plan.currency }),
    per: `${months * SUBSCRIPTION_PERIOD_DAYS} days`,
  };
}
