import type {
  AdminActionResult,
  AdminChargeDetail,
  AdminChargesPage,
  AdminCreatorPayouts,
  AdminDispute,
  AdminDisputesPage,
  AdminLabelChangeInput,
  AdminLedgerPage,
  AdminOverview,
  AdminPayoutsPage,
  AdminRefundInput,
  AdminRefundResult,
  AdminSubscriptionsPage,
  AdminUserDetail,
  AdminUsersPage,
  AuditPage,
  MarkPayoutInput,
  Payout,
  VerificationDecisionInput,
  VerificationRequestDetail,
  VerificationRequestsPage,
} from '@aurum/core';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api/client';
import { cursorPaging, pagePath } from '../../lib/api/cursor-list';
import { queryKeys } from '../../lib/query-keys';

/** The users list's search and filters as they stand in the address: only those set. */
export type UserFilters = Partial<Record<'q' | 'label' | 'disabled' | 'verified', string>>;
/** The verification queue's filters as they stand in the address. */
export type VerificationFilters = Partial<Record<'status' | 'kind' | 'userId', string>>;
/** The audit log's filters as they stand in the address. */
export type AuditFilters = Partial<Record<'action' | 'actorId' | 'targetId', string>>;

/** The money lists' filters as they stand in the address: only those set. */
export type MoneyFilters = Partial<Record<'from' | 'to' | 'status' | 'kind' | 'creatorId' | 'memberId', string>>;
/** The payouts list's filters as they stand in the address: only those set. */
export type PayoutFilters = Partial<Record<'status' | 'currency' | 'creatorId', string>>;
/** The admin money lists, by their API path. */
export type MoneyList = 'payments' | 'ledger' | 'subscriptions';
interface MoneyPages {
  payments: AdminChargesPage;
  ledger: AdminLedgerPage;
  subscriptions: AdminSubscriptionsPage;
}

export const overviewQuery = queryOptions({
  queryKey: queryKeys.admin.overview,
  queryFn: () => api.get<AdminOverview>('/admin/overview'),
});

export const adminUsersQuery = (filters: UserFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.admin.users(filters as Record<string, string>),
    queryFn: ({ pageParam }) => api.get<AdminUsersPage>(pagePath('/admin/users', pageParam, filters)),
    ...cursorPaging,
    placeholderData: keepPreviousData,
  });

export const adminUserQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.user(userId),
    queryFn: () => api.get<AdminUserDetail>(`/admin/users/${encodeURIComponent(userId)}`),
  });

export const auditQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.admin.audit(filters as Record<string, string>),
    queryFn: ({ pageParam }) => api.get<AuditPage>(pagePath('/admin/audit', pageParam, filters)),
    ...cursorPaging,
    placeholderData: keepPreviousData,
  });

export const verificationRequestsQuery = (filters: VerificationFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.admin.verificationRequests(filters as Record<string, string>),
    queryFn: ({ pageParam }) => api.get<VerificationRequestsPage>(pagePath('/admin/verification-requests', pageParam, filters)),
    ...cursorPaging,
    placeholderData: keepPreviousData,
  });

export const verificationRequestQuery = (requestId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.verificationRequest(requestId),
    queryFn: () => api.get<VerificationRequestDetail>(`/admin/verification-requests/${encodeURIComponent(requestId)}`),
  });

export const decideVerification = (requestId: string, input: VerificationDecisionInput) =>
  api.post<VerificationRequestDetail>(`/admin/verification-requests/${encodeURIComponent(requestId)}/decision`, input);

/** The actions on one account; each answers with the account after it. */
export type AdminAction =
  | { kind: 'label'; change: AdminLabelChangeInput }
  | { kind: 'disable' | 'enable' | 'revokeSessions' | 'verifyAge' | 'unsuspend' | 'anonymise'; reason?: string };

export function runAdminAction(userId: string, action: AdminAction): Promise<AdminActionResult | unknown> {
  const base = `/admin/users/${encodeURIComponent(userId)}`;
  switch (action.kind) {
    case 'label':
      return api.post<AdminActionResult>(`${base}/labels`, action.change);
    case 'disable':
      return api.post<AdminActionResult>(`${base}/disable`, { reason: action.reason });
    case 'enable':
      return api.post<AdminActionResult>(`${base}/enable`, { reason: action.reason });
    case 'revokeSessions':
      return api.post<AdminActionResult>(`${base}/sessions/revoke`, { reason: action.reason });
    case 'verifyAge':
      return api.post(`${base}/age-verification`, { reason: action.reason });
    case 'unsuspend':
      return api.post<AdminActionResult>(`${base}/unsuspend`, { reason: action.reason });
    case 'anonymise':
      return api.post(`${base}/anonymise`, { reason: action.reason });
  }
}

export const moneyListQuery = <List extends MoneyList>(list: List, filters: MoneyFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.admin.money(list, filters as Record<string, string>),
    queryFn: ({ pageParam }) => api.get<MoneyPages[List]>(pagePath(`/admin/${list}`, pageParam, filters)),
    ...cursorPaging,
    placeholderData: keepPreviousData,
  });

/** Where the browser downloads a list's filtered set as CSV (a plain link: the answer is an attachment). */
export const moneyExportUrl = (list: MoneyList, filters: MoneyFilters) => `/api${pagePath(`/admin/${list}.csv`, null, filters)}`;

export const adminPaymentQuery = (chargeId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.payment(chargeId),
    queryFn: () => api.get<AdminChargeDetail>(`/admin/payments/${encodeURIComponent(chargeId)}`),
  });

export const refundPayment = (chargeId: string, input: AdminRefundInput) =>
  api.post<AdminRefundResult>(`/admin/payments/${encodeURIComponent(chargeId)}/refund`, input);

/** The disputes list's filters as they stand in the address: only those set. */
export type DisputeFilters = Partial<Record<'status' | 'open' | 'order', string>>;

export const adminDisputesQuery = (filters: DisputeFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.admin.disputes(filters as Record<string, string>),
    queryFn: ({ pageParam }) => api.get<AdminDisputesPage>(pagePath('/admin/disputes', pageParam, filters)),
    ...cursorPaging,
    placeholderData: keepPreviousData,
  });

/** Development provider only: the member's bank disputes the whole payment now. */
export const openTestDispute = (chargeId: string, reason: string) =>
  api.post<AdminDispute>(`/admin/payments/${encodeURIComponent(chargeId)}/test-dispute`, { reason });

/** Development provider only: the bank decides a test dispute. */
export const closeTestDispute = (disputeId: string, outcome: 'won' | 'lost', reason: string) =>
  api.post<AdminDispute>(`/admin/disputes/${encodeURIComponent(disputeId)}/test-close`, { outcome, reason });

export const adminPayoutsQuery = (filters: PayoutFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.admin.payouts(filters as Record<string, string>),
    queryFn: ({ pageParam }) =>
      api.get<AdminPayoutsPage>(
        pagePath('/admin/payouts', pageParam, { status: filters.status, currency: filters.currency, creatorId: filters.creatorId }),
      ),
    ...cursorPaging,
    placeholderData: keepPreviousData,
  });

/** Sends a failed payout again; answers with the new payout (which may itself have failed). */
export const retryPayout = (payoutId: string, reason: string) =>
  api.post<Payout>(`/admin/payouts/${encodeURIComponent(payoutId)}/retry`, { reason });

/** The manual bank transfers in flight, with the bank details to pay them by, as a CSV download (audited). */
export const BANK_TRANSFERS_EXPORT_URL = '/api/admin/payouts/manual-export';

/** Records a manual bank transfer's outcome: paid, or failed with the reason the creator is shown. */
export const markPayout = (payoutId: string, input: MarkPayoutInput) =>
  api.post<Payout>(`/admin/payouts/${encodeURIComponent(payoutId)}/mark`, input);

const creatorPayoutsPath = (creatorId: string) => `/admin/creators/${encodeURIComponent(creatorId)}/payouts`;

export const adminCreatorPayoutsQuery = (creatorId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.creatorPayouts(creatorId),
    queryFn: () => api.get<AdminCreatorPayouts>(creatorPayoutsPath(creatorId)),
  });

/** Gives the creator their own hold in days, or the platform's again (null); answers with their payouts after it. */
export const setCreatorHold = (creatorId: string, input: { holdDays: number | null; reason: string }) =>
  apiRequest<AdminCreatorPayouts>('PUT', `${creatorPayoutsPath(creatorId)}/hold`, input);

/** Stops the creator's payouts (held) or lets them go again. */
export const holdCreatorPayouts = (creatorId: string, input: { held: boolean; reason: string }) =>
  apiRequest<AdminCreatorPayouts>('PUT', `${creatorPayoutsPath(creatorId)}/held`, input);
