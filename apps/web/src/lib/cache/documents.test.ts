import { describe, expect, it } from 'vitest';
import { openCache } from './cache';
import { documentStore } from './documents';

let counter = 0;
const freshStore = async () => {
  const cache = await openCache(`documents-test-${++counter}`);
  if (!cache) throw new Error('no cache');
  return { cache, store: documentStore(cache) };
};

describe('local cache documents', () => {
  it('keeps documents by collection and id, and a document of another collection is not one of this', async () => {
    const { cache, store } = await freshStore();
    await store.put('profiles', 'u1', { userId: 'u1', handle: 'ada' });
    expect(await store.get('profiles', 'u1')).toEqual({ userId: 'u1', handle: 'ada' });
    expect(await store.get('posts', 'u1')).toBeUndefined();
    expect(await cache.data.where('[docId+collection]').equals(['u1', 'profiles']).count()).toBe(1);
  });

  it('keeps a list as the ids of its documents: a first page replaces it, later pages add to it, removed documents drop out', async () => {
    const { cache, store } = await freshStore();
    await store.putList('feed', 'posts', [{ id: 'a' }, { id: 'b' }], false);
    await store.putList('feed', 'posts', [{ id: 'c' }, { id: 'b' }], true);
    expect(await store.getList('feed', 'posts')).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
    expect(await cache.data.where('collection').equals('posts').count()).toBe(3);

    await cache.data.delete('b');
    expect(await store.getList('feed', 'posts')).toEqual([{ id: 'a' }, { id: 'c' }]);
    await store.putList('feed', 'posts', [{ id: 'd' }], false);
    expect(await store.getList('feed', 'posts')).toEqual([{ id: 'd' }]);
    expect(await store.getList('chats', 'chats')).toBeUndefined();
  });

  it('empties the cache when another user signs in on this browser', async () => {
    const { cache, store } = await freshStore();
    await store.putSessionUser({ id: 'first' });
    await store.put('posts', 'p1', { id: 'p1' });
    await store.putSessionUser({ id: 'first' });
    expect(await store.get('posts', 'p1')).toEqual({ id: 'p1' });

    await store.putSessionUser({ id: 'second' });
    expect(await store.get('posts', 'p1')).toBeUndefined();
    expect(await store.getSessionUser()).toEqual({ id: 'second' });
    expect(await cache.data.count()).toBe(1);
  });
});
