import { NetworkError } from '../api/client';
import type { DocumentCollection, DocumentStore } from './documents';

/*
 * Reading through the local cache, from code the first page load runs: the database library
 * loads only when something is stored or read (a dynamic import).
 */

/** How a query's answer is kept in the local cache and read back from it. */
export interface CachePlan<T> {
  /** Whether this answer is kept at all (checked before the database library loads). */
  keeps?(value: T): boolean;
  save(store: DocumentStore, value: T): Promise<void>;
  /** The kept answer, or undefined when there is none (the network's error then stands). */
  restore?(store: DocumentStore): Promise<T | undefined>;
}

const loadStore = () => import('./documents').then(({ openDocumentStore }) => openDocumentStore());

/** Bumped when the cache is emptied: answers fetched for the user before are not written after it. */
let generation = 0;

/**
 * Writes and the emptying of the cache, one after another: a write checks the generation at its
 * turn, so one begun before a sign-out can never land after the cache was emptied.
 */
let writes: Promise<void> = Promise.resolve();
function queued(task: () => Promise<void>): Promise<void> {
  const run = writes.then(task);
  writes = run.catch(() => undefined);
  return run;
}

/**
 * Fetches from the API and keeps the answer for offline use; when the request gets no answer
 * at all (offline, server unreachable), answers from the cache instead. Answers the API gave
 * (errors included) are never replaced by kept ones.
 */
export async function readThrough<T>(fetcher: () => Promise<T>, plan: CachePlan<T>): Promise<T> {
  const started = generation;
  let value: T;
  try {
    value = await fetcher();
  } catch (error) {
    if (!(error instanceof NetworkError) || !plan.restore) throw error;
    const restore = plan.restore;
    const kept = await loadStore()
      .then((store) => (store ? restore(store) : undefined))
      .catch(() => undefined);
    if (kept === undefined) throw error;
    return kept;
  }
  if (plan.keeps && !plan.keeps(value)) return value;
  // Kept after the answer is on its way to the page; a failure to keep it costs only offline reading.
  void queued(async () => {
    if (started !== generation) return;
    const store = await loadStore();
    if (store && started === generation) await plan.save(store, value);
  }).catch((error: unknown) => console.error('Could not keep a document in the local cache.', error));
  return value;
}

/**
 * Empties the cache (sign-out, account deletion) once the writes already queued have had their
 * turn; answers fetched before are not written after it.
 */
export function emptyAfterPendingWrites(empty: () => Promise<void>): Promise<void> {
  generation += 1;
  return queued(empty);
}

/* How the app's queries keep their answers (the plans they hand readThrough). */

/** One document, kept by collection and id. */
export const documentPlan = <T>(collection: DocumentCollection, docId: string): CachePlan<T> => ({
  save: (store, value) => store.put(collection, docId, value),
  restore: (store) => store.get<T>(collection, docId),
});

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** A page read back offline; the list reloads once the browser is back online. */
export type RestoredPage<T> = Page<T> & { restored: true };

export const isRestoredPage = (page: object | undefined): boolean => Boolean(page && 'restored' in page);

/**
 * A keyset list: each page's items kept as documents of `collection`, the list (its first
 * pages, in order) as a document of its own; offline, the first page is the kept list, whole.
 */
export function listPagePlan<T extends { id: string }>(
  listId: string,
  collection: DocumentCollection,
  cursor: string | null,
): CachePlan<Page<T>> {
  return {
    save: (store, page) => store.putList(listId, collection, page.items, cursor !== null),
    restore:
      cursor === null
        ? async (store): Promise<RestoredPage<T> | undefined> => {
            const items = await store.getList<T>(listId, collection);
            return items && { items, nextCursor: null, restored: true };
          }
        : undefined,
  };
}
