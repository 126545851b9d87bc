import { type Currency, formatMoney, type Plan, SUBSCRIPTION_PERIOD_DAYS } from '@aurum/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api/client';
import { queryKeys } from './query-keys';

/** The signed-in creator's own plans, active or not: the plans pages, the dashboard and the post composer read this one query. */
export const ownPlansQuery = queryOptions({
  queryKey: queryKeys.plans.own,
  queryFn: () => api.get<Plan[]>('/plans'),
});

/** What a creator sells single pieces of content in (paid messages, paid posts): the currency of their plans. */
export const contentCurrency = (plans: readonly Pick<Plan, 'active' | 'currency'>[] | undefined): Currency =>
  plans?.find((plan) => plan.active)?.currency ?? plans?.[0]?.currency ?? 'USD';

/** "every 30 days": the fixed billing period of every plan. */
export const billingPeriodText = (days: number = SUBSCRIPTION_PERIOD_DAYS) => `every ${days} days`;

export const planPrice = (plan: Pick<Plan, 'priceMinor' | 'currency'>) =>
  formatMoney({ amountMinor: plan.priceMinor, currency: plan.currency });

/** "$4.99 every 30 days". */
export const planPriceLine = (plan: Pick<Plan, 'priceMinor' | 'currency' | 'billingPeriodDays'>) =>
  `${planPrice(plan)} ${billingPeriodText(plan.billingPeriodDays)}`;
