import type { ProfilePage } from '@aurum/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { queryKeys } from '../../lib/query-keys';

/** Everything a profile shows besides its posts: public profile, bio, pictures and active plans. */
export const profilePageQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.profilePage.one(userId),
    queryFn: () => api.get<ProfilePage>(`/users/${encodeURIComponent(userId)}/profile-page`),
  });
