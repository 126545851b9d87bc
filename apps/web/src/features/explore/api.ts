import type { CreatorSort, CreatorsPage, FollowState } from '@aurum/core';
import { type InfiniteData, infiniteQueryOptions, keepPreviousData, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { queryKeys } from '../../lib/query-keys';

export interface CreatorSearch {
  /** Part of a handle or public name; empty lists everyone. */
  q: string;
  sort: CreatorSort;
}

function creatorsPath({ q, sort }: CreatorSearch, cursor: string | null): string {
  const params = new URLSearchParams({ sort });
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  return `/creators?${params}`;
}

/** Explore's creators for a search and sort, a page at a time; the previous results stay while the next search loads. */
export const creatorsQuery = (search: CreatorSearch) =>
  infiniteQueryOptions({
    queryKey: queryKeys.creators.search(search),
    queryFn: ({ pageParam }) => api.get<CreatorsPage>(creatorsPath(search, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  });

/** After following or unfollowing: every Explore list shows the creator with the server's answer. */
export function setCreatorFollowState(queryClient: QueryClient, creatorId: string, state: FollowState): void {
  queryClient.setQueriesData<InfiniteData<CreatorsPage>>({ queryKey: queryKeys.creators.all }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((card) => (card.userId === creatorId ? { ...card, ...state } : card)),
          })),
        }
      : data,
  );
}
