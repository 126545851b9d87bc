import type { Plan } from '@aurum/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api/client';
import { queryKeys } from './query-keys';

/** The signed-in creator's own plans, active or not: the plans pages, the dashboard and the post composer read this one query. */
export const ownPlansQuery = queryOptions({
  queryKey: queryKeys.plans.own,
  queryFn: () => api.get<Plan[]>('/plans'),
});
