import type { LikeState } from '@aurum/core';
import { apiRequest } from './api/client';

/** Likes or unlikes a post (both idempotent); answers the new state and count. */
export const setLiked = (postId: string, liked: boolean) =>
  apiRequest<LikeState>(liked ? 'PUT' : 'DELETE', `/posts/${encodeURIComponent(postId)}/like`);
