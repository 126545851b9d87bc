import {
  type CachedDocumentsCheck,
  CHECKED_COLLECTIONS,
  type CheckedCollection,
  LOCAL_CACHE_MAINTENANCE_BATCH,
  LOCAL_CACHE_MAINTENANCE_INTERVAL_MS,
} from '@aurum/core';
import { api } from '../api/client';
import { type ClientCache, checkCacheHealth, currentCache } from './cache';
import { forgetUserContentOf } from './user-content';

/** Asks the server which of a batch of cached documents the viewer can still open. */
export type CheckBatch = (collection: CheckedCollection, ids: readonly string[]) => Promise<CachedDocumentsCheck>;

export const checkWithServer: CheckBatch = (collection, ids) =>
  api.get<CachedDocumentsCheck>(`/me/cached-documents?collection=${collection}&ids=${ids.map(encodeURIComponent).join(',')}`);

/**
 * One maintenance pass (spec section 4): each checked collection's cached documents, 16 at a
 * time, are checked with the server; those gone for the viewer are removed, and so are posts
 * whose content the viewer may no longer see (a lapsed subscription), so nothing kept outlives
 * the access it was fetched with. A batch whose check fails is left as it is, and the pass
 * stops: being offline says nothing about what exists. The `userContent` records of a removed
 * post's or message's media go with it. Returns how many documents it removed.
 */
export async function maintainCache(cache: ClientCache, check: CheckBatch = checkWithServer): Promise<number> {
  let removed = 0;
  for (const collection of CHECKED_COLLECTIONS) {
    const ids = (await cache.data.where('collection').equals(collection).primaryKeys()) as string[];
    for (let start = 0; start < ids.length; start += LOCAL_CACHE_MAINTENANCE_BATCH) {
      const batch = ids.slice(start, start + LOCAL_CACHE_MAINTENANCE_BATCH);
      let answer: CachedDocumentsCheck;
      try {
        answer = await check(collection, batch);
      } catch (error) {
        console.info('Local cache maintenance stopped; it runs again later.', error);
        return removed;
      }
      const kept = new Set(answer.present.filter((id) => !answer.locked.includes(id)));
      const gone = batch.filter((id) => !kept.has(id));
      await removeDocuments(cache, gone);
      removed += gone.length;
    }
  }
  return removed;
}

/** Removes documents and the records of their media items, together. */
async function removeDocuments(cache: ClientCache, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await cache.transaction('rw', cache.data, cache.userContent, async () => {
    const rows = await cache.data.bulkGet([...ids]);
    await forgetUserContentOf(
      cache,
      rows.map((row) => row?.data),
    );
    await cache.data.bulkDelete([...ids]);
  });
}

/**
 * Runs `pass` every 10 minutes until stopped; a pass still running when the next is due, or
 * due while the browser is offline, is skipped.
 */
export function scheduleMaintenance(pass: () => Promise<unknown>): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running || !navigator.onLine) return;
    running = true;
    pass()
      .catch((error: unknown) => console.error('Local cache maintenance failed.', error))
      .finally(() => {
        running = false;
      });
  }, LOCAL_CACHE_MAINTENANCE_INTERVAL_MS);
  return () => clearInterval(timer);
}

let checked = false;

/**
 * While someone is signed in: the startup health check (once per start; logged when the cache
 * is empty or unreadable) and the maintenance every 10 minutes. Returns the stop.
 */
export async function runLocalCache(): Promise<() => void> {
  const cache = await currentCache();
  if (!cache) return () => {};
  if (!checked) {
    checked = true;
    const health = await checkCacheHealth(cache);
    if (!health.healthy) console.info('Local cache is empty or unreadable; it fills as you browse.', health);
  }
  return scheduleMaintenance(() => maintainCache(cache));
}
