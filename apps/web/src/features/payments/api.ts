import type { PaymentHistoryPage, PaymentMethod } from '@aurum/core';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api/client';
import { cursorPaging, pagePath } from '../../lib/api/cursor-list';
import { queryKeys } from '../../lib/query-keys';

/** One saved payment method, to read, make default or remove; the list and adding are in `lib/payment-methods`. */

const methodPath = (methodId: string) => `/payment-methods/${encodeURIComponent(methodId)}`;

export const paymentMethodQuery = (methodId: string) =>
  queryOptions({
    queryKey: queryKeys.payments.method(methodId),
    queryFn: () => api.get<PaymentMethod>(methodPath(methodId)),
  });

export const setDefaultPaymentMethod = (methodId: string) => apiRequest<PaymentMethod>('PUT', `${methodPath(methodId)}/default`);

export const removePaymentMethod = (methodId: string) => api.delete(methodPath(methodId));

/** The member's own payments, newest first. */
export const paymentHistoryQuery = infiniteQueryOptions({
  queryKey: queryKeys.payments.history,
  queryFn: ({ pageParam }) => api.get<PaymentHistoryPage>(pagePath('/me/payments', pageParam)),
  ...cursorPaging,
});
