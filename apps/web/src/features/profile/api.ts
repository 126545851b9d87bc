import type { ProfilePage } from '@aurum/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client';

/** Everything a profile shows besides its posts: public profile, bio, pictures and active plans. */
export const profilePageQuery = (userId: string) =>
  queryOptions({
    queryKey: ['profilePage', userId] as const,
    queryFn: () => api.get<ProfilePage>(`/users/${encodeURIComponent(userId)}/profile-page`),
  });
