import type { FollowState, ProfilePage } from '@aurum/core';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { setError } from '../../components/error-store';
import { apiRequest } from '../../lib/api/client';
import { queryKeys } from '../../lib/query-keys';
import { setCreatorFollowState } from '../explore/api';

/** Following creators: free, immediate, and it unlocks their follower posts at once. */

const followPath = (creatorId: string) => `/creators/${encodeURIComponent(creatorId)}/follow`;

/** Follows a creator; following again changes nothing. */
export const followCreator = (creatorId: string) => apiRequest<FollowState>('PUT', followPath(creatorId));

/** Unfollows a creator; without a follow nothing changes. */
export const unfollowCreator = (creatorId: string) => apiRequest<FollowState>('DELETE', followPath(creatorId));

/**
 * After a follow changed: posts (which may have locked or unlocked) and the current user's
 * follow list read afresh. The feed reloads on the next visit only, so nothing moves under the reader.
 */
export function refreshAfterFollow(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.post.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
  void queryClient.invalidateQueries({ queryKey: queryKeys.feed, refetchType: 'none' });
}

/**
 * Follows or unfollows a creator. The creator's profile (when loaded) shows the new state at
 * once and rolls back if the server refuses; the server's follower count wins when it answers,
 * in Explore's cards too.
 */
export function useFollowCreator(creatorId: string) {
  const queryClient = useQueryClient();
  const profileKey = queryKeys.profilePage.one(creatorId);
  return useMutation({
    mutationFn: (follow: boolean) => (follow ? followCreator(creatorId) : unfollowCreator(creatorId)),
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey: profileKey });
      const previous = queryClient.getQueryData<ProfilePage>(profileKey);
      if (previous && previous.following !== follow) {
        const followers = previous.followers === null ? null : Math.max(0, previous.followers + (follow ? 1 : -1));
        queryClient.setQueryData(profileKey, { ...previous, following: follow, followers });
      }
      return { previous };
    },
    onError: (error, _follow, context) => {
      if (context?.previous) queryClient.setQueryData(profileKey, context.previous);
      setError(error);
    },
    onSuccess: (state) => {
      queryClient.setQueryData<ProfilePage>(profileKey, (current) =>
        current ? { ...current, following: state.following, followers: state.followers } : current,
      );
      setCreatorFollowState(queryClient, creatorId, state);
    },
    onSettled: () => refreshAfterFollow(queryClient),
  });
}
