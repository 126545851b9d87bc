import Dexie from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import { CACHE_SCHEMA_VERSION, ClientCache, checkCacheHealth, clearCache, openCache } from './cache';

let counter = 0;
const uniqueName = () => `test-cache-${++counter}`;

describe('client cache', () => {
  it('opens at schema version 15 with the data and userContent tables', async () => {
    const cache = await openCache(uniqueName());
    expect(cache?.verno).toBe(CACHE_SCHEMA_VERSION);
    expect(cache?.tables.map((table) => table.name).sort()).toEqual(['data', 'userContent']);
    expect(cache?.data.schema.indexes.map((index) => index.name).sort()).toEqual(['[docId+collection]', 'collection']);
  });

  it('is healthy only with rows in the data table, and clear empties both tables', async () => {
    const cache = await openCache(uniqueName());
    expect(await checkCacheHealth(cache)).toEqual({ healthy: false, rows: 0 });

    await cache?.data.add({ docId: 'p1', collection: 'profiles', data: { handle: 'ada' } });
    await cache?.userContent.add({ fileId: 'f1', ownerId: 'u1', type: 'image/jpeg' });
    expect(await checkCacheHealth(cache)).toEqual({ healthy: true, rows: 1 });
    expect(await cache?.data.where('collection').equals('profiles').count()).toBe(1);

    await clearCache(cache);
    expect(await cache?.data.count()).toBe(0);
    expect(await cache?.userContent.count()).toBe(0);
  });

  it('deletes the database and creates it again, empty, when creating it throws', async () => {
    const name = uniqueName();
    const existing = await openCache(name);
    await existing?.data.add({ docId: 'p1', collection: 'profiles', data: {} });
    existing?.close();
    const failOpen = vi.spyOn(ClientCache.prototype, 'open').mockRejectedValueOnce(new Error('The database is corrupt'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const deleted = vi.spyOn(Dexie, 'delete');

    const recreated = await openCache(name);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('deleting'), expect.any(Error));
    expect(deleted).toHaveBeenCalledWith(name);
    expect(recreated?.verno).toBe(CACHE_SCHEMA_VERSION);
    expect(await recreated?.data.count()).toBe(0);
    failOpen.mockRestore();
    log.mockRestore();
    deleted.mockRestore();
  });

  it('works without a cache when even creating it again throws', async () => {
    const failOpen = vi.spyOn(ClientCache.prototype, 'open').mockRejectedValue(new Error('No IndexedDB here'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});

    expect(await openCache(uniqueName())).toBeUndefined();
    expect(log).toHaveBeenLastCalledWith(expect.stringContaining('again'), expect.any(Error));
    failOpen.mockRestore();
    log.mockRestore();
  });
});
