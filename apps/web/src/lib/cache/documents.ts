import { type CachedDocument, type CachedUserContent, type ClientCache, clearCache, currentCache } from './cache';
import { blurredFallback, keepBlurredPictures, keepUserContentOf } from './user-content';

/**
 * The local cache's documents as the app reads and writes them: by collection and id. Lists
 * (the feed's first pages, the chat list, a chat's latest messages) are documents of the
 * `lists` collection holding the ids of the documents they show, so each document is kept once.
 */
export type DocumentCollection = 'posts' | 'profiles' | 'chats' | 'messages' | 'lists' | 'session';

/** The signed-in user, kept so the app knows who is signed in when it starts offline. */
const SESSION_DOCUMENT = 'currentUser';

export interface DocumentStore {
  put(collection: DocumentCollection, docId: string, data: unknown): Promise<void>;
  get<T>(collection: DocumentCollection, docId: string): Promise<T | undefined>;
  /** A list's documents in its order; those since removed are left out. */
  getList<T>(listId: string, collection: DocumentCollection): Promise<T[] | undefined>;
  /** Every document kept in a collection, in no order: a list's items and those kept one by one. */
  getCollection<T>(collection: DocumentCollection): Promise<T[]>;
  putList(listId: string, collection: DocumentCollection, items: readonly { id: string }[], append: boolean): Promise<void>;
  /** Keeps the user who signed in; a different user than the one whose documents are kept empties the cache first. */
  putSessionUser(user: { id: string }): Promise<void>;
  getSessionUser<T>(): Promise<T | undefined>;
}

type ListDocument = { ids: string[] };

/** The collections whose documents carry media: each item is recorded in `userContent` (user-content.ts). */
const MEDIA_COLLECTIONS: readonly DocumentCollection[] = ['posts', 'messages'];

export interface DocumentStoreOptions {
  /** What is done with the media records written (by default: the worker keeps their small blurred pictures). */
  keepPictures?: (records: readonly CachedUserContent[]) => Promise<void>;
}

export function documentStore(cache: ClientCache, { keepPictures = keepBlurredPictures }: DocumentStoreOptions = {}): DocumentStore {
  const read = async <T>(collection: DocumentCollection, docId: string) => {
    const row = await cache.data.get(docId);
    return row?.collection === collection ? (row.data as T) : undefined;
  };
  /** With posts and messages, the records of their media, in the caller's transaction over both tables. */
  const keepMediaOf = async (collection: DocumentCollection, documents: readonly unknown[]) =>
    MEDIA_COLLECTIONS.includes(collection) ? keepUserContentOf(cache, documents) : [];
  /** Writes documents and their media records, in the caller's transaction. */
  const putItems = async (collection: DocumentCollection, items: readonly { id: string }[]) => {
    await cache.data.bulkPut(items.map((item): CachedDocument => ({ docId: item.id, collection, data: item })));
    return keepMediaOf(collection, items);
  };
  return {
    async put(collection, docId, data) {
      const records = await cache.transaction('rw', cache.data, cache.userContent, async () => {
        await cache.data.put({ docId, collection, data });
        return keepMediaOf(collection, [data]);
      });
      await keepPictures(records);
    },
    get: read,
    async getList<T>(listId: string, collection: DocumentCollection) {
      const list = await read<ListDocument>('lists', listId);
      if (!list) return undefined;
      const rows = await cache.data.bulkGet(list.ids);
      return rows.filter((row) => row?.collection === collection).map((row) => row?.data as T);
    },
    async getCollection<T>(collection: DocumentCollection) {
      const rows = await cache.data.where('collection').equals(collection).toArray();
      return rows.map((row) => row.data as T);
    },
    async putList(listId, collection, items, append) {
      const records = await cache.transaction('rw', cache.data, cache.userContent, async () => {
        const before = append ? ((await read<ListDocument>('lists', listId))?.ids ?? []) : [];
        const ids = [...new Set([...before, ...items.map((item) => item.id)])];
        const written = await putItems(collection, items);
        await cache.data.put({ docId: listId, collection: 'lists', data: { ids } });
        return written;
      });
      await keepPictures(records);
    },
    async putSessionUser(user) {
      const kept = await read<{ id: string }>('session', SESSION_DOCUMENT);
      if (kept && kept.id !== user.id) await clearCache(cache);
      await cache.data.put({ docId: SESSION_DOCUMENT, collection: 'session', data: user });
    },
    getSessionUser: () => read('session', SESSION_DOCUMENT),
  };
}

/**
 * The blurred picture this device kept for a picture that could not be loaded (offline), or
 * undefined (user-content.ts). Here so the page loads it with the module that keeps documents,
 * which it has loaded before going offline.
 */
export async function keptBlurredPicture(src: string): Promise<string | undefined> {
  const cache = await currentCache();
  return cache ? blurredFallback(cache, src) : undefined;
}

/** The store of the opened cache, or undefined when it could not be opened. */
export async function openDocumentStore(): Promise<DocumentStore | undefined> {
  const cache = await currentCache();
  return cache ? documentStore(cache) : undefined;
}
