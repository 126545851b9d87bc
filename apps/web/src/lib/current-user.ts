import type { CurrentUser } from '@aurum/core';
import { REALTIME_EVENTS, ROLE, TERMS_VERSION, userChannel } from '@aurum/core';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from './api/client';
import { type CachePlan, readThrough } from './cache/read-through';
import { queryKeys } from './query-keys';
import { useRealtimeChannel } from './realtime/use-realtime-channel';

/** The signed-in user, or null when nobody is signed in (a 401 is an answer here, not an error). */
async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await api.get<CurrentUser>('/me');
  } catch (error) {
    if (isApiError(error) && error.statusCode === 401) return null;
    throw error;
  }
}

/** Kept so that an app started offline knows who is signed in (and shows what it kept for them). */
const currentUserCache: CachePlan<CurrentUser | null> = {
  keeps: (user) => user !== null,
  save: (store, user) => (user ? store.putSessionUser(user) : Promise.resolve()),
  restore: (store) => store.getSessionUser<CurrentUser>(),
};

export const currentUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: () => readThrough(fetchCurrentUser, currentUserCache),
  staleTime: 60_000,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/**
 * Keeps the signed-in user current while the app is open: the server says on the user's
 * channel when the account changed (a creator label granted, a verification result), and
 * after a dropped connection the account is read again in case such a message was missed.
 */
export function useLiveCurrentUser(userId: string | null): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
  useRealtimeChannel(userId ? userChannel(userId) : null, {
    onEvent: (event) => {
      if (event === REALTIME_EVENTS.accountChanged) refresh();
    },
    onResync: refresh,
  });
}

/** The signed-in user for pages behind the guard, which only renders them once it is known. */
export function useSignedInUser(): CurrentUser | null {
  return useCurrentUser().data ?? null;
}

/** Whether the user is a creator, as the server says (the creators role); the server checks again on every call. */
export const isCreator = (user: Pick<CurrentUser, 'roles'> | null): boolean => Boolean(user?.roles.includes(ROLE.creators));

export function useIsCreator(): boolean {
  return isCreator(useSignedInUser());
}

/** Stores a user the API just returned, so every screen sees the change without a refetch. */
export function setCurrentUser(queryClient: QueryClient, user: CurrentUser | null): void {
  queryClient.setQueryData(currentUserQuery.queryKey, user);
}

export function hasAcceptedCurrentTerms(user: Pick<CurrentUser, 'termsAcceptedAt' | 'termsVersion'>): boolean {
  return Boolean(user.termsAcceptedAt) && user.termsVersion === TERMS_VERSION;
}
