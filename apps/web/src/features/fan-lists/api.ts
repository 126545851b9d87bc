import type { FanListInput, FanListMembersPage, FanListSummary } from '@aurum/core';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api/client';
import { cursorPaging, pagePath } from '../../lib/api/cursor-list';
import { FAN_LISTS_PATH } from '../../lib/fan-lists';
import { queryKeys } from '../../lib/query-keys';

const listPath = (listId: string) => `${FAN_LISTS_PATH}/${encodeURIComponent(listId)}`;

/** One list's fans, searched by handle or name, in the list's order; the first page says what the list is. */
export const fanListMembersQuery = (ref: string, q: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.fanLists.memberSearch(ref, q),
    queryFn: ({ pageParam }) =>
      api.get<FanListMembersPage>(pagePath(`${FAN_LISTS_PATH}/${encodeURIComponent(ref)}/members`, pageParam, { q })),
    ...cursorPaging,
    // While a search is typed, the last answer stays on screen.
    placeholderData: keepPreviousData,
  });

export const renameFanList = (listId: string, input: FanListInput) => apiRequest<FanListSummary>('PATCH', listPath(listId), input);

export const deleteFanList = (listId: string) => apiRequest<void>('DELETE', listPath(listId));
