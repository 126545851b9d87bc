import type { PayoutMethod, PayoutMethodInput, PayoutMethodType } from '@aurum/core';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from './api/client';
import { queryKeys } from './query-keys';

/** The signed-in user's payout methods: where a creator's earnings go. */

export const payoutMethodsQuery = queryOptions({
  queryKey: queryKeys.payoutMethods,
  queryFn: () => api.get<PayoutMethod[]>('/payout-methods'),
});

/** A kind of payout method in a sentence: "This server cannot pay PayPal accounts yet." */
export const PAYOUT_METHOD_KINDS: Record<PayoutMethodType, string> = { bank_account: 'bank accounts', paypal: 'PayPal accounts' };

export const addPayoutMethod = (input: PayoutMethodInput) => api.post<PayoutMethod>('/payout-methods', input);

export const activatePayoutMethod = (methodId: string) =>
  api.post<PayoutMethod>(`/payout-methods/${encodeURIComponent(methodId)}/activate`);

export const removePayoutMethod = (methodId: string) => api.delete(`/payout-methods/${encodeURIComponent(methodId)}`);

/**
 * After a method was added, made active or removed: the list reads afresh, and so does the
 * payout account, whose method, provider and pause after a change follow the active method.
 */
export async function refreshPayoutMethods(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.payoutMethods }),
    queryClient.invalidateQueries({ queryKey: queryKeys.payouts.account }),
  ]);
}
