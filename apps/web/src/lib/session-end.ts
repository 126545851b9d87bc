import type { QueryClient } from '@tanstack/react-query';
import { forgetLocalCache } from './cache/forget';
import { currentUserQuery, setCurrentUser } from './current-user';
import { forgetUserImages } from './pwa/user-images';

/**
 * After sign-out or deletion: forget everything cached for the old user, in the browser
 * database and in memory, ask the server who is signed in now (nobody), then empty the
 * service worker's picture cache.
 */
export async function resetAfterSessionEnd(queryClient: QueryClient): Promise<void> {
  await forgetLocalCache().catch((error: unknown) => console.error('Could not clear the local cache.', error));
  await queryClient.cancelQueries();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQuery.queryKey[0] });
  try {
    await queryClient.refetchQueries({ queryKey: currentUserQuery.queryKey }, { throwOnError: true });
  } catch (error) {
    console.error('Could not refresh the current user after the session ended.', error);
    setCurrentUser(queryClient, null);
  }
  // Last, once no page shows the old user: a picture drawn for them meanwhile would be kept again.
  await forgetUserImages();
}
