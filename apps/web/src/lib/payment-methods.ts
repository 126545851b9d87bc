import type { DevTokenRequest, PaymentMethod, PaymentMethodList, PaymentsConfig } from '@aurum/core';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api, isApiError } from './api/client';
import { shouldRetry } from './query-client';
import { queryKeys } from './query-keys';

/** The member's payment methods, as the payment method screens and the subscribe flows choose and add them. */

/** How this server collects payment details: the development form or Stripe Elements (503 when neither is set up). */
export const paymentsConfigQuery = queryOptions({
  queryKey: queryKeys.payments.config,
  queryFn: () => api.get<PaymentsConfig>('/payments/config'),
  staleTime: Number.POSITIVE_INFINITY,
  // A server without a provider says so on purpose; asking again will not change that.
  retry: (failures, error) => !isApiError(error, 'payments_unavailable') && shouldRetry(failures, error),
});

/** Saved methods, the default first, then the newest. */
export const paymentMethodsQuery = queryOptions({
  queryKey: queryKeys.payments.methods,
  queryFn: async () => (await api.get<PaymentMethodList>('/payment-methods')).items,
});

/** After a declined payment the server no longer keeps that card as the default: read the methods again so the picker says so. */
export function refreshAfterDecline(queryClient: QueryClient, error: unknown): void {
  if (isApiError(error, 'payment_declined')) void queryClient.invalidateQueries({ queryKey: queryKeys.payments.methods });
}

/** The development provider's stand-in for Stripe.js: the card or PayPal details go here and only here. */
export const createDevToken = async (details: DevTokenRequest) =>
  (await api.post<{ token: string }>('/payments/dev/tokens', details)).token;

/** Saves the method the provider's token stands for; the first one becomes the default. */
export const addPaymentMethod = (token: string) => api.post<PaymentMethod>('/payment-methods', { token });

/** After a method was added, changed or removed: every list and detail of methods reads afresh. */
export function refreshPaymentMethods(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: queryKeys.payments.all,
    predicate: (query) => query.queryKey[1] !== queryKeys.payments.config[1],
  });
}
