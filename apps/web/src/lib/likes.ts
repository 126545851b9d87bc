import type { FeedPage, LikeState, Post } from '@aurum/core';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { apiRequest } from './api/client';
import { queryKeys } from './query-keys';

/** Likes or unlikes a post (both idempotent); answers the new state and count. */
export const setLiked = (postId: string, liked: boolean) =>
  apiRequest<LikeState>(liked ? 'PUT' : 'DELETE', `/posts/${encodeURIComponent(postId)}/like`);

/**
 * Puts a post's new like state wherever the post is cached: its page, and the feed, which is
 * never read afresh in place (it would pull posts from under the reader); other lists refresh.
 */
export function applyLikeState(queryClient: QueryClient, postId: string, state: LikeState): void {
  queryClient.setQueryData<Post>(queryKeys.post.one(postId), (current) => (current ? { ...current, ...state } : current));
  queryClient.setQueriesData<InfiniteData<FeedPage>>({ queryKey: queryKeys.feed }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item.id === postId ? { ...item, ...state } : item)),
          })),
        }
      : data,
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all });
}
