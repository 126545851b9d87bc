import { type CachedDocument, type ClientCache, clearCache, currentCache } from './cache';

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
  putList(listId: string, collection: DocumentCollection, items: readonly { id: string }[], append: boolean): Promise<void>;
  /** Keeps the user who signed in; a different user than the one whose documents are kept empties the cache first. */
  putSessionUser(user: { id: string }): Promise<void>;
  getSessionUser<T>(): Promise<T | undefined>;
}

type ListDocument = { ids: string[] };

export function documentStore(cache: ClientCache): DocumentStore {
  const read = async <T>(collection: DocumentCollection, docId: string) => {
    const row = await cache.data.get(docId);
    return row?.collection === collection ? (row.data as T) : undefined;
  };
  const putItems = async (collection: DocumentCollection, items: readonly { id: string }[]) => {
    await cache.data.bulkPut(items.map((item): CachedDocument => ({ docId: item.id, collection, data: item })));
  };
  return {
    async put(collection, docId, data) {
      await cache.data.put({ docId, collection, data });
    },
    get: read,
    async getList<T>(listId: string, collection: DocumentCollection) {
      const list = await read<ListDocument>('lists', listId);
      if (!list) return undefined;
      const rows = await cache.data.bulkGet(list.ids);
      return rows.filter((row) => row?.collection === collection).map((row) => row?.data as T);
    },
    async putList(listId, collection, items, append) {
      await cache.transaction('rw', cache.data, async () => {
        const before = append ? ((await read<ListDocument>('lists', listId))?.ids ?? []) : [];
        const ids = [...new Set([...before, ...items.map((item) => item.id)])];
        await putItems(collection, items);
        await cache.data.put({ docId: listId, collection: 'lists', data: { ids } });
      });
    },
    async putSessionUser(user) {
      const kept = await read<{ id: string }>('session', SESSION_DOCUMENT);
      if (kept && kept.id !== user.id) await clearCache(cache);
      await cache.data.put({ docId: SESSION_DOCUMENT, collection: 'session', data: user });
    },
    getSessionUser: () => read('session', SESSION_DOCUMENT),
  };
}

/** The store of the opened cache, or undefined when it could not be opened. */
export async function openDocumentStore(): Promise<DocumentStore | undefined> {
  const cache = await currentCache();
  return cache ? documentStore(cache) : undefined;
}
