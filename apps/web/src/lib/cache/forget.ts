import { clearCache, currentCache } from './cache';
import { emptyAfterPendingWrites } from './read-through';

/** Empties the local cache (sign-out, account deletion); writes of answers fetched before are dropped. */
export async function forgetLocalCache(): Promise<void> {
  await emptyAfterPendingWrites(async () => clearCache(await currentCache()));
}
