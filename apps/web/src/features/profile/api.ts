import type { PostPage } from '@aurum/core';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { cursorPaging, pagePath } from '../../lib/api/cursor-list';
import { listPagePlan, readThrough } from '../../lib/cache/read-through';
import { queryKeys } from '../../lib/query-keys';

/**
 * A creator's posts as the viewer may see them (the profile grid), a page at a time; the first
 * pages are kept in the local cache (list `posts:<creator>`), so the grid shows them offline.
 */
export const creatorPostsQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.posts.byCreator(userId),
    queryFn: ({ pageParam }) =>
      readThrough(
        () => api.get<PostPage>(pagePath(`/users/${encodeURIComponent(userId)}/posts`, pageParam)),
        listPagePlan<PostPage['items'][number]>(`posts:${userId}`, 'posts', pageParam),
      ),
    ...cursorPaging,
  });
