import type { CreateOfferInput, CreateTrialLinkInput, Offer, OfferPage, Plan, TrialLink, TrialLinkPage } from '@aurum/core';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api/client';
import { cursorPaging, pagePath } from '../../lib/api/cursor-list';
import { queryKeys } from '../../lib/query-keys';
import type { PlanInput } from './plan-form';

/** One of the signed-in creator's own plans, and the changes to them; the list is `ownPlansQuery`. */

export const planQuery = (planId: string) =>
  queryOptions({
    queryKey: queryKeys.plans.one(planId),
    queryFn: () => api.get<Plan>(`/plans/${encodeURIComponent(planId)}`),
  });

export const createPlan = (input: PlanInput) => api.post<Plan>('/plans', input);

export const updatePlan = (planId: string, input: Partial<PlanInput>) =>
  apiRequest<Plan>('PATCH', `/plans/${encodeURIComponent(planId)}`, input);

export const setPlanActive = (planId: string, active: boolean) =>
  api.post<Plan>(`/plans/${encodeURIComponent(planId)}/${active ? 'activate' : 'deactivate'}`);

/** The creator's free-trial links, newest first, with their claims and conversions. */
export const trialLinksQuery = infiniteQueryOptions({
  queryKey: queryKeys.trials.links,
  queryFn: ({ pageParam }) => api.get<TrialLinkPage>(pagePath('/me/trial-links', pageParam)),
  ...cursorPaging,
});

export const createTrialLink = (input: CreateTrialLinkInput) => api.post<TrialLink>('/me/trial-links', input);

export const stopTrialLink = (linkId: string) => apiRequest<TrialLink>('DELETE', `/me/trial-links/${encodeURIComponent(linkId)}`);

/** The creator's discounts, newest first, with how many members used each. */
export const offersQuery = infiniteQueryOptions({
  queryKey: queryKeys.offers.own,
  queryFn: ({ pageParam }) => api.get<OfferPage>(pagePath('/me/offers', pageParam)),
  ...cursorPaging,
});

export const createOffer = (input: CreateOfferInput) => api.post<Offer>('/me/offers', input);

export const stopOffer = (offerId: string) => apiRequest<Offer>('DELETE', `/me/offers/${encodeURIComponent(offerId)}`);
