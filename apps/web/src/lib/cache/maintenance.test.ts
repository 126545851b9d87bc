import { LOCAL_CACHE_MAINTENANCE_BATCH, LOCAL_CACHE_MAINTENANCE_INTERVAL_MS } from '@aurum/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openCache } from './cache';
import { type CheckBatch, maintainCache, scheduleMaintenance } from './maintenance';

let counter = 0;
const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}${index}`);

async function cacheWith(documents: Record<string, string[]>) {
  const cache = await openCache(`maintenance-test-${++counter}`);
  if (!cache) throw new Error('no cache');
  for (const [collection, docIds] of Object.entries(documents)) {
    await cache.data.bulkPut(docIds.map((docId) => ({ docId, collection, data: { id: docId } })));
  }
  return cache;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('local cache maintenance', () => {
  it('checks every checked collection in batches of 16 and removes what is gone on the server', async () => {
    const posts = ids('post', 40);
    const cache = await cacheWith({ posts, profiles: ids('user', 3), lists: ['feed'], session: ['currentUser'] });
    const gone = new Set(['post3', 'post20', 'post39', 'user1']);
    const check = vi.fn<CheckBatch>(async (_collection, batch) => ({ present: batch.filter((id) => !gone.has(id)), locked: [] }));

    expect(await maintainCache(cache, check)).toBe(4);
    expect(check.mock.calls.map(([collection, batch]) => [collection, batch.length])).toEqual([
      ['posts', LOCAL_CACHE_MAINTENANCE_BATCH],
      ['posts', LOCAL_CACHE_MAINTENANCE_BATCH],
      ['posts', 8],
      ['profiles', 3],
    ]);
    expect(await cache.data.where('collection').equals('posts').count()).toBe(37);
    expect(await cache.data.get('user1')).toBeUndefined();
    // Lists and the session are not server documents: maintenance leaves them.
    expect(await cache.data.get('feed')).toBeDefined();
    expect(await cache.data.get('currentUser')).toBeDefined();
  });

  it('removes posts whose content the viewer may no longer see', async () => {
    const cache = await cacheWith({ posts: ['open', 'paid'] });
    await maintainCache(cache, async (_collection, batch) => ({ present: [...batch], locked: ['paid'] }));
    expect(await cache.data.where('collection').equals('posts').primaryKeys()).toEqual(['open']);
  });

  it("removes the userContent records of a removed post's or message's media with it, in the 10-minute pass", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const cache = await cacheWith({});
    const media = (path: string, version: string) => ({ urls: { thumb: `${path}/thumb?v=${version}`, blur: `${path}/blur?v=${version}` } });
    await cache.data.bulkPut([
      { docId: 'gone', collection: 'posts', data: { id: 'gone', media: [media('/api/posts/gone/media/0', 'b')] } },
      { docId: 'kept', collection: 'posts', data: { id: 'kept', media: [media('/api/posts/kept/media/0', 'a')] } },
      { docId: 'm1', collection: 'messages', data: { id: 'm1', media: [media('/api/chats/c1/messages/m1/media/0', 'c')] } },
    ]);
    // Records of every version the device saw of the removed documents' items go, the others stay.
    await cache.userContent.bulkPut(
      [
        '/api/posts/gone/media/0?v=a',
        '/api/posts/gone/media/0?v=b',
        '/api/posts/kept/media/0?v=a',
        '/api/chats/c1/messages/m1/media/0?v=c',
      ].map((fileId) => ({ fileId, ownerId: 'u1', type: 'image' })),
    );
    const gone = new Set(['gone', 'm1']);
    const stop = scheduleMaintenance(() =>
      maintainCache(cache, async (_collection, batch) => ({ present: batch.filter((id) => !gone.has(id)), locked: [] })),
    );

    await vi.advanceTimersByTimeAsync(LOCAL_CACHE_MAINTENANCE_INTERVAL_MS - 1);
    expect(await cache.userContent.count()).toBe(4);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(async () => expect(await cache.userContent.toCollection().primaryKeys()).toEqual(['/api/posts/kept/media/0?v=a']));
    expect(await cache.data.toCollection().primaryKeys()).toEqual(['kept']);
    stop();
  });

  it('keeps everything a failed check was about and stops the pass', async () => {
    const cache = await cacheWith({ posts: ids('post', 20), chats: ['chat1'] });
    const log = vi.spyOn(console, 'info').mockImplementation(() => {});
    const check = vi.fn<CheckBatch>().mockResolvedValueOnce({ present: [], locked: [] }).mockRejectedValueOnce(new Error('offline'));

    expect(await maintainCache(cache, check)).toBe(LOCAL_CACHE_MAINTENANCE_BATCH);
    expect(check).toHaveBeenCalledTimes(2);
    expect(await cache.data.count()).toBe(5);
    log.mockRestore();
  });

  it('runs every 10 minutes, never while offline or while the last pass still runs, and stops', async () => {
    vi.useFakeTimers();
    let online = true;
    vi.stubGlobal('navigator', {
      ...navigator,
      get onLine() {
        return online;
      },
    });
    let finish = () => {};
    const pass = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const stop = scheduleMaintenance(pass);

    await vi.advanceTimersByTimeAsync(LOCAL_CACHE_MAINTENANCE_INTERVAL_MS - 1);
    expect(pass).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(pass).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(LOCAL_CACHE_MAINTENANCE_INTERVAL_MS);
    expect(pass).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(0);

    online = false;
    await vi.advanceTimersByTimeAsync(LOCAL_CACHE_MAINTENANCE_INTERVAL_MS);
    expect(pass).toHaveBeenCalledTimes(1);
    online = true;
    await vi.advanceTimersByTimeAsync(LOCAL_CACHE_MAINTENANCE_INTERVAL_MS);
    expect(pass).toHaveBeenCalledTimes(2);
    finish();

    stop();
    await vi.advanceTimersByTimeAsync(3 * LOCAL_CACHE_MAINTENANCE_INTERVAL_MS);
    expect(pass).toHaveBeenCalledTimes(2);
  });
});
