import type { CreatePostInput, Post, PostPage, UpdatePostInput } from '@aurum/core';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api/client';
import { cursorPaging, pagePath } from '../../lib/api/cursor-list';
import { documentPlan, readThrough } from '../../lib/cache/read-through';
import { queryKeys } from '../../lib/query-keys';
import type { MediaStep } from './composer-media';

/** Posts and upload status: the calls the post screens make. */

export const createPost = (input: CreatePostInput) => api.post<Post>('/posts', input);

export const updatePost = (postId: string, input: UpdatePostInput) =>
  apiRequest<Post>('PATCH', `/posts/${encodeURIComponent(postId)}`, input);

/** One change to a post's media list (see `mediaSteps`): the post as it is after it. */
export function changePostMedia(postId: string, step: MediaStep): Promise<Post> {
  const items = `/posts/${encodeURIComponent(postId)}/media`;
  if (step.op === 'add') return apiRequest<Post>('POST', items, { mediaId: step.mediaId, position: step.position });
  const item = `${items}/${encodeURIComponent(step.mediaId)}`;
  return step.op === 'move' ? apiRequest<Post>('PATCH', item, { position: step.position }) : apiRequest<Post>('DELETE', item);
}

export const deletePost = (postId: string) => api.delete(`/posts/${encodeURIComponent(postId)}`);

/** Drops an upload no post uses yet (the creator removed it from the composer). */
export const deleteMedia = (mediaId: string) => api.delete(`/media/${encodeURIComponent(mediaId)}`);

export const postQuery = (postId: string) =>
  queryOptions({
    queryKey: queryKeys.post.one(postId),
    queryFn: () => readThrough(() => api.get<Post>(`/posts/${encodeURIComponent(postId)}`), documentPlan<Post>('posts', postId)),
  });

/** The signed-in creator's own posts, scheduled and private ones included, newest first. */
export const myPostsQuery = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.posts.own,
    queryFn: ({ pageParam }) => api.get<PostPage>(pagePath('/posts', pageParam)),
    ...cursorPaging,
  });

/** After a post changed: it, the creator's lists and their profile grid read afresh. */
export function refreshPosts(queryClient: QueryClient, post?: Post): void {
  if (post) queryClient.setQueryData(postQuery(post.id).queryKey, post);
  void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all });
}
