import type { CreatorSort, CreatorsPage } from '@aurum/core';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
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
