import type { Plan } from '@aurum/core';
import { queryOptions } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api/client';
import type { PlanInput } from './plan-form';

/** The signed-in creator's own plans. */

export const plansQuery = queryOptions({
  queryKey: ['plans', 'own'] as const,
  queryFn: () => api.get<Plan[]>('/plans'),
});

export const planQuery = (planId: string) =>
  queryOptions({
    queryKey: ['plans', 'one', planId] as const,
    queryFn: () => api.get<Plan>(`/plans/${encodeURIComponent(planId)}`),
  });

export const createPlan = (input: PlanInput) => api.post<Plan>('/plans', input);

export const updatePlan = (planId: string, input: Partial<PlanInput>) =>
  apiRequest<Plan>('PATCH', `/plans/${encodeURIComponent(planId)}`, input);

export const setPlanActive = (planId: string, active: boolean) =>
  api.post<Plan>(`/plans/${encodeURIComponent(planId)}/${active ? 'activate' : 'deactivate'}`);
