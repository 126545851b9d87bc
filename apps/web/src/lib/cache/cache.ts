import Dexie, { type Table } from 'dexie';

/** A cached server document: the collection it belongs to, its id and its data. */
export interface CachedDocument {
  docId: string;
  collection: string;
  data: unknown;
}

/** A cached user content file (image, video or audio) and its derived thumbnails. */
export interface CachedUserContent {
  fileId: string;
  ownerId: string;
  type: string;
  thumbId?: string;
  blurId?: string;
  blurThumbId?: string;
}

export const CACHE_NAME = 'aurum-cache';
/** Schema version from the product; older versions are gone, so no upgrade steps are kept. */
export const CACHE_SCHEMA_VERSION = 15;

export class ClientCache extends Dexie {
  data!: Table<CachedDocument, string>;
  userContent!: Table<CachedUserContent, string>;

  constructor(name = CACHE_NAME) {
    super(name);
    this.version(CACHE_SCHEMA_VERSION).stores({
      data: 'docId, collection, [docId+collection]',
      userContent: 'fileId',
    });
  }
}

let instance: ClientCache | undefined;
let opening: Promise<ClientCache | undefined> | undefined;

/** The app's cache, opened once (and deleted and opened afresh when opening throws). */
export function currentCache(): Promise<ClientCache | undefined> {
  opening ??= openCache();
  return opening;
}

/**
 * Opens the browser cache. A cache that cannot be opened (corrupt, or from an unknown
 * version) is worth nothing: log it, delete the whole database and create it afresh, empty.
 * Undefined when even that fails: the app then works without a local cache.
 */
export async function openCache(name = CACHE_NAME): Promise<ClientCache | undefined> {
  try {
    return await openNamed(name);
  } catch (error) {
    console.error('Could not open the local cache; deleting it and creating it again.', error);
    try {
      await Dexie.delete(name);
      return await openNamed(name);
    } catch (retryError) {
      console.error('Could not create the local cache again.', retryError);
      return undefined;
    }
  }
}

async function openNamed(name: string): Promise<ClientCache> {
  const cache = new ClientCache(name);
  try {
    await cache.open();
  } catch (error) {
    cache.close();
    throw error;
  }
  instance = cache;
  return cache;
}

export type CacheHealth = { healthy: true; rows: number } | { healthy: false; rows: number; error?: unknown };

/** Startup health check: healthy when the data table has rows; unhealthy when it is empty or unreadable. */
export async function checkCacheHealth(cache: ClientCache | undefined = instance): Promise<CacheHealth> {
  if (!cache) return { healthy: false, rows: 0 };
  try {
    const rows = await cache.data.count();
    return rows > 0 ? { healthy: true, rows } : { healthy: false, rows };
  } catch (error) {
    return { healthy: false, rows: 0, error };
  }
}

/** Empties both tables; run on sign-out and account deletion so nothing of the user stays behind. */
export async function clearCache(cache: ClientCache | undefined = instance): Promise<void> {
  if (!cache) return;
  await cache.transaction('rw', cache.data, cache.userContent, async () => {
    await cache.data.clear();
    await cache.userContent.clear();
  });
}
