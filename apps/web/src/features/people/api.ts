import type { FanRelation, FansPage, MyCreatorsPage, MyCreatorsRelation } from '@aurum/core';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { queryKeys } from '../../lib/query-keys';

const withCursor = (params: URLSearchParams, cursor: string | null) => {
  if (cursor) params.set('cursor', cursor);
  return params.toString();
};

export const myCreatorsQuery = (relation: MyCreatorsRelation) =>
  infiniteQueryOptions({
    queryKey: queryKeys.people.creators(relation),
    queryFn: ({ pageParam }) => api.get<MyCreatorsPage>(`/me/creators?${withCursor(new URLSearchParams({ relation }), pageParam)}`),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export interface FanFilters {
  relation: FanRelation;
  planId: string;
  q: string;
}

export const fansQuery = (filters: FanFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.people.fans({ ...filters }),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ relation: filters.relation });
      if (filters.planId) params.set('planId', filters.planId);
      if (filters.q) params.set('q', filters.q);
      return api.get<FansPage>(`/me/fans?${withCursor(params, pageParam)}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // While a search is typed, the last answer stays on screen.
    placeholderData: keepPreviousData,
  });
