import type { FeedPage } from '@aurum/core';
import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { cursorPaging, pagePath } from '../../lib/api/cursor-list';
import { isRestoredPage, listPagePlan, readThrough } from '../../lib/cache/read-through';
import { queryKeys } from '../../lib/query-keys';

/**
 * The member's feed, a page at a time. The server leaves out posts already seen, so reading
 * the list afresh would pull posts from under the reader: it is never refetched while in use
 * (stale only through invalidation) and starts over on the next visit after the cache lapses.
 * Its first pages are kept in the local cache: offline, the feed shows them.
 */
export const feedQuery = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.feed,
    queryFn: ({ pageParam }) =>
      readThrough(
        () => api.get<FeedPage>(pagePath('/feed', pageParam)),
        listPagePlan<FeedPage['items'][number]>('feed', 'posts', pageParam),
      ),
    ...cursorPaging,
    // Read from this device while offline, it is stale, so it loads afresh once back online.
    staleTime: (query) => (isRestoredPage(query.state.data?.pages[0]) ? 0 : Number.POSITIVE_INFINITY),
  });

/**
 * The same feed with the posts already seen, newest first: the earlier posts a caught-up member
 * asks for. Kept in the local cache too, so a caught-up member offline still has something to read.
 */
export const earlierFeedQuery = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.earlierFeed,
    queryFn: ({ pageParam }) =>
      readThrough(
        () => api.get<FeedPage>(pagePath('/feed', pageParam, { seen: 'include' })),
        listPagePlan<FeedPage['items'][number]>('feed:earlier', 'posts', pageParam),
      ),
    ...cursorPaging,
  });

/** The feed with its first page already known: the API's answer that the server rendered the page from. */
export function seedFeed(queryClient: QueryClient, page: FeedPage): void {
  queryClient.setQueryData(feedQuery().queryKey, { pages: [page], pageParams: [null] });
}

/** The pages as one list; a sneak peek offered again on a later page is shown once. */
export function feedItems(pages: readonly FeedPage[] | undefined): FeedPage['items'] {
  const seen = new Set<string>();
  return (pages ?? []).flatMap((page) =>
    page.items.filter((item) => {
      if (seen.has(item.id)) return false;
      seen.add(item.id);
      return true;
    }),
  );
}
