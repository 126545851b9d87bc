import type { PublicProfile } from '@aurum/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client';

export const profileQuery = (userId: string) =>
  queryOptions({
    queryKey: ['profile', userId],
    queryFn: () => api.get<PublicProfile>(`/users/${encodeURIComponent(userId)}`),
  });
