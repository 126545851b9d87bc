import type { FeedPage, Post } from '@aurum/core';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/**
 * Puts a change of one post wherever it is cached: its page, and the feed, which is never read
 * afresh in place (it would pull posts from under the reader); other lists of posts refresh.
 */
export function updateCachedPost(queryClient: QueryClient, postId: string, change: Partial<Post>): void {
  queryClient.setQueryData<Post>(queryKeys.post.one(postId), (current) => (current ? { ...current, ...change } : current));
  queryClient.setQueriesData<InfiniteData<FeedPage>>({ queryKey: queryKeys.feed }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item.id === postId ? { ...item, ...change } : item)),
          })),
        }
      : data,
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all });
}
