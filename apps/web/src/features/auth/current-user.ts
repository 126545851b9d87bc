import type { CurrentUser } from '@aurum/core';
import { TERMS_VERSION } from '@aurum/core';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { fetchCurrentUser } from './api';

export const currentUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: fetchCurrentUser,
  staleTime: 60_000,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/** The signed-in user for pages behind the guard, which only renders them once it is known. */
export function useSignedInUser(): CurrentUser | null {
  return useCurrentUser().data ?? null;
}

/** Stores a user the API just returned, so every screen sees the change without a refetch. */
export function setCurrentUser(queryClient: QueryClient, user: CurrentUser | null): void {
  queryClient.setQueryData(currentUserQuery.queryKey, user);
}

export function hasAcceptedCurrentTerms(user: Pick<CurrentUser, 'termsAcceptedAt' | 'termsVersion'>): boolean {
  return Boolean(user.termsAcceptedAt) && user.termsVersion === TERMS_VERSION;
}

/**
 * After sign-out or deletion: forget everything cached for the old user, in the browser
 * database and in memory, then ask the server who is signed in now (nobody).
 */
export async function resetAfterSessionEnd(queryClient: QueryClient): Promise<void> {
  await import('../../lib/cache/cache')
    .then(({ clearCache }) => clearCache())
    .catch((error: unknown) => console.error('Could not clear the local cache.', error));
  await queryClient.cancelQueries();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQuery.queryKey[0] });
  try {
    await queryClient.refetchQueries({ queryKey: currentUserQuery.queryKey }, { throwOnError: true });
  } catch (error) {
    console.error('Could not refresh the current user after the session ended.', error);
    setCurrentUser(queryClient, null);
  }
}
