import type { Plan } from '@aurum/core';
import { queryOptions } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api/client';
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
