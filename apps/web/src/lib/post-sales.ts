import type { Post, PostPurchaseRequest } from '@aurum/core';
import { api } from './api/client';

/** Buys a post sold on its own at the price shown; answers the post as the buyer now sees it. */
export const buyPost = (postId: string, request: PostPurchaseRequest) =>
  api.post<Post>(`/posts/${encodeURIComponent(postId)}/purchase`, request);
