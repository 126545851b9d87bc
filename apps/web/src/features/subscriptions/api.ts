import type { MemberOffer, PlanChangeQuote, Subscription, SubscriptionList, SubscriptionMonths, TrialOffer } from '@aurum/core';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api/client';
import { refreshAfterFollow } from '../../lib/follow';
import { queryKeys } from '../../lib/query-keys';

/** The member's subscriptions: subscribe, cancel, change the payment method or the plan. */

const subscriptionPath = (subId: string) => `/subscriptions/${encodeURIComponent(subId)}`;

/** Active ones first, then the newest. */
export const subscriptionsQuery = queryOptions({
  queryKey: queryKeys.subscriptions.list,
  queryFn: async () => (await api.get<SubscriptionList>('/subscriptions')).items,
});

export const subscriptionQuery = (subId: string) =>
  queryOptions({
    queryKey: queryKeys.subscriptions.one(subId),
    queryFn: () => api.get<Subscription>(subscriptionPath(subId)),
  });

/** What moving to another plan costs now. */
export const planChangeQuoteQuery = (subId: string, planId: string) =>
  queryOptions({
    queryKey: queryKeys.subscriptions.quote(subId, planId),
    queryFn: () => api.get<PlanChangeQuote>(`${subscriptionPath(subId)}/plan-change?planId=${encodeURIComponent(planId)}`),
  });

export interface SubscribeInput {
  planId: string;
  paymentMethodId: string;
  idempotencyKey: string;
  /** A bundle's length, paid up front; one month when left out. */
  months?: SubscriptionMonths;
  /** The amount the member was shown: a different one now is refused, never charged. */
  expectedAmountMinor?: number;
  /** The discount it is bought with. */
  offerCode?: string;
}

export const subscribe = (input: SubscribeInput) => api.post<Subscription>('/subscriptions', input);

export const cancelSubscription = (subId: string) => api.post<Subscription>(`${subscriptionPath(subId)}/cancel`);

export const changeSubscriptionPaymentMethod = (subId: string, paymentMethodId: string) =>
  apiRequest<Subscription>('PUT', `${subscriptionPath(subId)}/payment-method`, { paymentMethodId });

export interface ChangePlanInput {
  planId: string;
  expectedAmountMinor: number;
  idempotencyKey: string;
}

export const changeSubscriptionPlan = (subId: string, input: ChangePlanInput) =>
  apiRequest<Subscription>('PUT', `${subscriptionPath(subId)}/plan`, input);

/**
 * After a subscription changed: the subscription itself, every list of them, the current
 * user (whose subscriptions the access shown in the app follows), and every post, feed and
 * profile, so locked posts unlock (or lock) in place.
 */
export function refreshAfterSubscriptionChange(queryClient: QueryClient, subscription?: Subscription): void {
  if (subscription) queryClient.setQueryData(subscriptionQuery(subscription.id).queryKey, subscription);
  refreshAfterFollow(queryClient);
  void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.feed });
  void queryClient.invalidateQueries({ queryKey: queryKeys.profilePage.all });
}

/** A free-trial link as the member sees it before claiming. */
export const trialOfferQuery = (code: string) =>
  queryOptions({
    queryKey: queryKeys.trials.offer(code),
    queryFn: () => api.get<TrialOffer>(`/trial-links/${encodeURIComponent(code)}`),
  });

/** Claims a free trial with a saved method: subscribed until it ends, nothing charged now. */
export const claimTrial = (code: string, paymentMethodId: string) =>
  api.post<Subscription>(`/trial-links/${encodeURIComponent(code)}/claim`, { paymentMethodId });

/** The discounts on a creator's plans this member may use now, with the one whose link (code) they came by. */
export const memberOffersQuery = (creatorId: string, code: string | null) =>
  queryOptions({
    queryKey: queryKeys.offers.forMember(creatorId, code),
    queryFn: async () =>
      (
        await api.get<{ items: MemberOffer[] }>(
          `/creators/${encodeURIComponent(creatorId)}/offers${code ? `?code=${encodeURIComponent(code)}` : ''}`,
        )
      ).items,
  });
