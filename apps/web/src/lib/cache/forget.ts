import { clearCache, currentCache } from './cache';
import { dropPendingWrites } from './read-through';

/** Empties the local cache (sign-out, account deletion); writes of answers fetched before are dropped. */
export async function forgetLocalCache(): Promise<void> {
  dropPendingWrites();
  await clearCache(await currentCache());
}
