import type { PayoutMethod, PayoutMethodInput } from '@aurum/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { queryKeys } from '../../lib/query-keys';

/** The signed-in user's payout methods: where a creator's earnings go. */

export const payoutMethodsQuery = queryOptions({
  queryKey: queryKeys.payoutMethods,
  queryFn: () => api.get<PayoutMethod[]>('/payout-methods'),
});

export const addPayoutMethod = (input: PayoutMethodInput) => api.post<PayoutMethod>('/payout-methods', input);

export const activatePayoutMethod = (methodId: string) =>
  api.post<PayoutMethod>(`/payout-methods/${encodeURIComponent(methodId)}/activate`);

export const removePayoutMethod = (methodId: string) => api.delete(`/payout-methods/${encodeURIComponent(methodId)}`);
