import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../api/client';
import { currentCache } from './cache';
import { forgetLocalCache } from './forget';
import { documentPlan, listPagePlan, readThrough } from './read-through';

const offline = () => Promise.reject(new NetworkError(new TypeError('Failed to fetch')));
const kept = async (docId: string) => (await (await currentCache())?.data.get(docId))?.data;

afterEach(async () => {
  await forgetLocalCache();
});

describe('reading through the local cache', () => {
  it('keeps what the API answered and answers it when the network fails', async () => {
    const profile = { userId: 'u1', handle: 'ada' };
    expect(await readThrough(async () => profile, documentPlan('profiles', 'u1'))).toEqual(profile);
    await vi.waitFor(async () => expect(await kept('u1')).toEqual(profile));

    expect(await readThrough(offline, documentPlan('profiles', 'u1'))).toEqual(profile);
    await expect(readThrough(offline, documentPlan('profiles', 'u2'))).rejects.toBeInstanceOf(NetworkError);
  });

  it('never answers an API error with a kept document', async () => {
    await readThrough(async () => ({ id: 'p1' }), documentPlan('posts', 'p1'));
    await vi.waitFor(async () => expect(await kept('p1')).toBeDefined());
    const notFound = new ApiError({ type: 'not_found', message: 'Post not found', statusCode: 404 });
    await expect(readThrough(() => Promise.reject(notFound), documentPlan('posts', 'p1'))).rejects.toBe(notFound);
  });

  it("offline, a list's first page is the kept list, marked restored; later pages are not answered", async () => {
    await readThrough(async () => ({ items: [{ id: 'a' }], nextCursor: 'c1' }), listPagePlan('feed', 'posts', null));
    await readThrough(async () => ({ items: [{ id: 'b' }], nextCursor: null }), listPagePlan('feed', 'posts', 'c1'));
    await vi.waitFor(async () => expect(await kept('feed')).toEqual({ ids: ['a', 'b'] }));

    expect(await readThrough(offline, listPagePlan('feed', 'posts', null))).toEqual({
      items: [{ id: 'a' }, { id: 'b' }],
      nextCursor: null,
      restored: true,
    });
    await expect(readThrough(offline, listPagePlan('feed', 'posts', 'c1'))).rejects.toBeInstanceOf(NetworkError);
  });

  it('drops an answer fetched before the cache was emptied (sign-out while a request was out)', async () => {
    let answer: (value: { id: string }) => void = () => {};
    const reading = readThrough(() => new Promise<{ id: string }>((resolve) => (answer = resolve)), documentPlan('posts', 'late'));
    await forgetLocalCache();
    answer({ id: 'late' });
    await reading;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await kept('late')).toBeUndefined();
  });

  it('does not load the cache for answers it does not keep', async () => {
    const save = vi.fn();
    await readThrough(async () => null, { keeps: (value) => value !== null, save });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(save).not.toHaveBeenCalled();
  });
});
