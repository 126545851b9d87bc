import { type BlockState, displayName, type ProfilePage } from '@aurum/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setError } from '../../components/error-store';
import { addSnack } from '../../components/snack-queue';
import { apiRequest } from '../../lib/api/client';
import { queryKeys } from '../../lib/query-keys';

const blockPath = (userId: string) => `/users/${encodeURIComponent(userId)}/block`;

/** Blocks a user (again changes nothing); it also ends the viewer's follow of them. */
export const blockUser = (userId: string) => apiRequest<BlockState>('PUT', blockPath(userId));

/** Unblocks a user; without a block nothing changes. */
export const unblockUser = (userId: string) => apiRequest<BlockState>('DELETE', blockPath(userId));

export type BlockTarget = Pick<ProfilePage, 'userId' | 'blocked' | 'publicName' | 'handle'>;

/**
 * Blocks (true) or unblocks (false) a user. Their profile shows the new state at once; the
 * lists they leave or return to (feed, Explore, the current user's follows, posts that locked
 * with the follow) and the profile's follower count read afresh.
 */
export function useBlockUser(target: BlockTarget) {
  const queryClient = useQueryClient();
  const profileKey = queryKeys.profilePage.one(target.userId);
  return useMutation({
    mutationFn: (block: boolean) => (block ? blockUser(target.userId) : unblockUser(target.userId)),
    onSuccess: ({ blocked }) => {
      queryClient.setQueryData<ProfilePage>(profileKey, (current) =>
        current ? { ...current, blocked, following: blocked ? false : current.following } : current,
      );
      for (const queryKey of [
        profileKey,
        queryKeys.feed,
        queryKeys.creators.all,
        queryKeys.posts.all,
        queryKeys.post.all,
        queryKeys.currentUser,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      addSnack(`You ${blocked ? 'blocked' : 'unblocked'} ${displayName(target)}.`, 'success');
    },
    // A failed block shows in its confirmation dialog; unblocking has none, so the error dialog tells.
    onError: (error, block) => {
      if (!block) setError(error);
    },
  });
}
