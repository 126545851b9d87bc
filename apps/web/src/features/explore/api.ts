import type { CreatorSort, CreatorsPage } from '@aurum/core';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { cursorPaging, pagePath } from '../../lib/api/cursor-list';
import { queryKeys } from '../../lib/query-keys';

export interface CreatorSearch {
  /** Part of a handle or public name; empty lists everyone. */
  q: string;
  sort: CreatorSort;
}

/** Explore's creators for a search and sort, a page at a time; the previous results stay while the next search loads. */
export const creatorsQuery = (search: CreatorSearch) =>
  infiniteQueryOptions({
    queryKey: queryKeys.creators.search(search),
    queryFn: ({ pageParam }) => api.get<CreatorsPage>(pagePath('/creators', pageParam, { sort: search.sort, q: search.q })),
    ...cursorPaging,
    placeholderData: keepPreviousData,
  });
