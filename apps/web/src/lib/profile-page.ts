import type { ProfilePage } from '@aurum/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api/client';
import { documentPlan, readThrough } from './cache/read-through';
import { queryKeys } from './query-keys';

/** Everything a profile shows besides its posts: public profile, bio, pictures and active plans. */
export const profilePageQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.profilePage.one(userId),
    queryFn: () =>
      readThrough(
        () => api.get<ProfilePage>(`/users/${encodeURIComponent(userId)}/profile-page`),
        documentPlan<ProfilePage>('profiles', userId),
      ),
  });
