import type { FanRelation, FansPage, MyCreatorsPage, MyCreatorsRelation } from '@aurum/core';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { cursorPaging, pagePath } from '../../lib/api/cursor-list';
import { queryKeys } from '../../lib/query-keys';

export const myCreatorsQuery = (relation: MyCreatorsRelation) =>
  infiniteQueryOptions({
    queryKey: queryKeys.people.creators(relation),
    queryFn: ({ pageParam }) => api.get<MyCreatorsPage>(pagePath('/me/creators', pageParam, { relation })),
    ...cursorPaging,
  });

export interface FanFilters {
  relation: FanRelation;
  planId: string;
  q: string;
}

export const fansQuery = (filters: FanFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.people.fans({ ...filters }),
    queryFn: ({ pageParam }) =>
      api.get<FansPage>(pagePath('/me/fans', pageParam, { relation: filters.relation, planId: filters.planId, q: filters.q })),
    ...cursorPaging,
    // While a search is typed, the last answer stays on screen.
    placeholderData: keepPreviousData,
  });
