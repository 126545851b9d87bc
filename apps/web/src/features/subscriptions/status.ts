import type { Subscription, SubscriptionStatus } from '@aurum/core';
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

/** "Renews on Dec 1, 2026", "Access until Dec 1, 2026" or "Ended Dec 1, 2026". */
export function subscriptionDateLine(subscription: Pick<Subscription, 'status' | 'active' | 'validUntil'>): string {
  const date = formatDate(subscription.validUntil);
  if (subscription.status === 'active') return `Renews on ${date}`;
  return subscription.active ? `Access until ${date}` : `Ended ${date}`;
}
