import type { Payout, PayoutAccount, PayoutSchedule, PayoutsPage, WithdrawInput } from '@aurum/core';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api/client';
import { cursorPaging, pagePath } from '../../lib/api/cursor-list';
import { queryKeys } from '../../lib/query-keys';

/** The signed-in creator's money: balances per currency, schedule, payout method and who pays it. */
export const payoutAccountQuery = queryOptions({
  queryKey: queryKeys.payouts.account,
  queryFn: () => api.get<PayoutAccount>('/creator/payouts/account'),
});

/** The creator's payouts, newest first. */
export const payoutHistoryQuery = infiniteQueryOptions({
  queryKey: queryKeys.payouts.history,
  queryFn: ({ pageParam }) => api.get<PayoutsPage>(pagePath('/creator/payouts', pageParam)),
  ...cursorPaging,
});

/** Sends a currency's whole available balance; the same key answers with the same payout. */
export const withdraw = (input: WithdrawInput) => api.post<Payout>('/creator/payouts', input);

export const saveSchedule = (schedule: PayoutSchedule) => apiRequest<PayoutAccount>('PUT', '/creator/payouts/schedule', { schedule });

/** The link to the payout provider's onboarding (Stripe Connect); the browser leaves for it. */
export const startOnboarding = () => api.post<{ url: string }>('/creator/payouts/onboarding', {});

/** Back from the provider's onboarding: the account read again from the provider. */
export const refreshOnboarding = () => api.post<PayoutAccount>('/creator/payouts/onboarding/refresh', {});

/** Where the browser downloads what a payout covers, as CSV. */
export const payoutStatementUrl = (payoutId: string) => `/api/creator/payouts/${encodeURIComponent(payoutId)}/statement.csv`;
