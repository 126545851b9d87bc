import type { PostMedia } from '@aurum/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_IMAGES_CACHE } from '../pwa/user-images';
import { type CachedUserContent, openCache } from './cache';
import { documentStore } from './documents';
import { blurredFallback, keepBlurredPictures, mediaFileId, userContentOf } from './user-content';

let counter = 0;
const freshCache = async () => {
  const cache = await openCache(`user-content-test-${++counter}`);
  if (!cache) throw new Error('no cache');
  return cache;
};

const urlsOf = (path: string, version: string, kinds: readonly string[]) =>
  Object.fromEntries(kinds.map((kind) => [kind, `${path}/${kind}?v=${version}`]));

const item = (path: string, version: string, kinds: readonly string[], extra: Partial<PostMedia> = {}): PostMedia => ({
  position: Number(path.split('/').at(-1)),
  kind: 'image',
  status: 'ready',
  width: 800,
  height: 600,
  durationMs: null,
  placeholder: null,
  urls: urlsOf(path, version, kinds),
  ...extra,
});

const ALL = ['thumb', 'blur', 'blurThumb', 'playable'];
const BLURRED = ['blur', 'blurThumb'];

const post = (id: string, media: PostMedia[]) => ({ id, creator: { userId: 'creator1' }, media });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('userContent records', () => {
  it("names an item by its versioned URL path, never by a media id, with the creator's or sender's id and the URLs given", () => {
    expect(mediaFileId('/api/posts/p1/media/2/thumb?v=Ab3x')).toBe('/api/posts/p1/media/2?v=Ab3x');
    expect(mediaFileId('/api/chats/c1/messages/m1/media/0/playable?v=Zz9')).toBe('/api/chats/c1/messages/m1/media/0?v=Zz9');
    expect(mediaFileId('/api/users/u1/avatar?v=Ab3x')).toBeUndefined();
    expect(mediaFileId('data:image/png;base64,AAAA')).toBeUndefined();

    // The owner's own view carries the media id; the record does not.
    const own = post('p1', [
      item('/api/posts/p1/media/0', 'v0', ALL, { mediaId: 'secret-media-id' }),
      item('/api/posts/p1/media/1', 'v1', ['playable'], { kind: 'audio' }),
      item('/api/posts/p1/media/2', 'v2', [], { status: 'processing' }),
    ]);
    const records = userContentOf(own);
    expect(records).toEqual([
      {
        fileId: '/api/posts/p1/media/0?v=v0',
        ownerId: 'creator1',
        type: 'image',
        thumbId: '/api/posts/p1/media/0/thumb?v=v0',
        blurId: '/api/posts/p1/media/0/blur?v=v0',
        blurThumbId: '/api/posts/p1/media/0/blurThumb?v=v0',
      },
      { fileId: '/api/posts/p1/media/1?v=v1', ownerId: 'creator1', type: 'audio' },
    ]);
    expect(JSON.stringify(records)).not.toContain('secret-media-id');

    // A locked post gives only blurred URLs, and that is all its record holds.
    expect(userContentOf(post('p2', [item('/api/posts/p2/media/0', 'v0', BLURRED, { kind: 'video' })]))).toEqual([
      {
        fileId: '/api/posts/p2/media/0?v=v0',
        ownerId: 'creator1',
        type: 'video',
        blurId: '/api/posts/p2/media/0/blur?v=v0',
        blurThumbId: '/api/posts/p2/media/0/blurThumb?v=v0',
      },
    ]);
    const message = { id: 'm1', chatId: 'c1', senderId: 'sender1', media: [item('/api/chats/c1/messages/m1/media/0', 'w', BLURRED)] };
    expect(userContentOf(message).map((record) => [record.fileId, record.ownerId])).toEqual([
      ['/api/chats/c1/messages/m1/media/0?v=w', 'sender1'],
    ]);
    expect(userContentOf({ userId: 'u1', handle: 'ada' })).toEqual([]);
  });

  it('are written with the posts and messages kept, replaced when a document changes, and never for other documents', async () => {
    const cache = await freshCache();
    const keepPictures = vi.fn(async (_records: readonly CachedUserContent[]) => {});
    const store = documentStore(cache, { keepPictures });
    await store.putList(
      'feed',
      'posts',
      [post('p1', [item('/api/posts/p1/media/0', 'a', ALL), item('/api/posts/p1/media/1', 'b', ALL)])],
      false,
    );
    await store.put('messages', 'm1', { id: 'm1', senderId: 's1', media: [item('/api/chats/c1/messages/m1/media/0', 'w', BLURRED)] });
    await store.put('profiles', 'u1', { userId: 'u1', media: [item('/api/posts/x/media/0', 'z', ALL)] });
    expect((await cache.userContent.toCollection().primaryKeys()).sort()).toEqual([
      '/api/chats/c1/messages/m1/media/0?v=w',
      '/api/posts/p1/media/0?v=a',
      '/api/posts/p1/media/1?v=b',
    ]);
    expect(keepPictures).toHaveBeenCalledTimes(3);
    expect(keepPictures.mock.calls.map(([records]) => records.length)).toEqual([2, 1, 0]);

    // The post read again: its second item was replaced by another, and it is locked now.
    await store.put('posts', 'p1', post('p1', [item('/api/posts/p1/media/0', 'a', BLURRED), item('/api/posts/p1/media/1', 'c', BLURRED)]));
    const records = await cache.userContent.where('fileId').startsWith('/api/posts/p1/').toArray();
    expect(records.map((record) => [record.fileId, record.thumbId])).toEqual([
      ['/api/posts/p1/media/0?v=a', undefined],
      ['/api/posts/p1/media/1?v=c', undefined],
    ]);
  });
});

describe('blurred pictures kept for offline', () => {
  const records = userContentOf(
    post('p1', [
      item('/api/posts/p1/media/0', 'a', ALL),
      item('/api/posts/p1/media/1', 'b', ['thumb', 'blur', 'playable']),
      item('/api/posts/p1/media/2', 'c', ['playable'], { kind: 'audio' }),
    ]),
  );

  it('asks the worker, one at a time, for each item’s small blurred picture only, and nothing without a worker', async () => {
    const fetchMock = vi.fn(async (_url: string) => new Response('picture'));
    vi.stubGlobal('fetch', fetchMock);
    await keepBlurredPictures(records);
    expect(fetchMock).not.toHaveBeenCalled();

    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { controller: {} } });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await keepBlurredPictures(records);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/posts/p1/media/0/blurThumb?v=a', '/api/posts/p1/media/1/blur?v=b']);
  });

  it('stands a blurred picture kept in the picture cache in for a preview or picture that did not load', async () => {
    const cache = await freshCache();
    await cache.userContent.bulkPut(records);
    const kept = new Set(['/api/posts/p1/media/0/blurThumb?v=a', '/api/posts/p1/media/0/blur?v=a']);
    const match = vi.fn(async (url: string, options?: MultiCacheQueryOptions) =>
      options?.cacheName === USER_IMAGES_CACHE && kept.has(url) ? new Response('blurred') : undefined,
    );
    vi.stubGlobal('caches', { match });

    expect(await blurredFallback(cache, '/api/posts/p1/media/0/thumb?v=a')).toBe('/api/posts/p1/media/0/blurThumb?v=a');
    expect(await blurredFallback(cache, '/api/posts/p1/media/0/playable?v=a')).toBe('/api/posts/p1/media/0/blur?v=a');
    kept.delete('/api/posts/p1/media/0/blur?v=a');
    expect(await blurredFallback(cache, '/api/posts/p1/media/0/playable?v=a')).toBe('/api/posts/p1/media/0/blurThumb?v=a');
    // Nothing kept, blurred already, another version, or not a media item: no stand-in.
    expect(await blurredFallback(cache, '/api/posts/p1/media/1/thumb?v=b')).toBeUndefined();
    expect(await blurredFallback(cache, '/api/posts/p1/media/0/blurThumb?v=a')).toBeUndefined();
    expect(await blurredFallback(cache, '/api/posts/p1/media/0/thumb?v=other')).toBeUndefined();
    expect(await blurredFallback(cache, '/api/users/u1/avatar?v=a')).toBeUndefined();
  });
});
