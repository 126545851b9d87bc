import { CREATOR_CARD_BIO_CHARS, DAY_MS } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follow, insertMediaRow, signUp } from '../../test/content-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { creatorOnboarding, profiles } from '../db/schema.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

// Each test searches for its own word, so the creators other tests make stay out of its lists.
let words = 0;
const uniqueWord = (prefix: string) => `${prefix}${++words}${Date.now().toString(36)}`;

const creators = async (client: ApiClient, query: string) => {
  const response = await client.get(`/api/creators?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { items: any[]; nextCursor: string | null };
};

/** Every page of a listing, `limit` at a time. */
async function allPages(client: ApiClient, query: string, limit: number): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const page: { items: any[]; nextCursor: string | null } = await creators(
      client,
      `${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    pages.push(page.items.map((item) => item.userId));
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

const setProfile = (userId: string, values: Partial<typeof profiles.$inferInsert>) =>
  server.context.database.db.update(profiles).set(values).where(eq(profiles.userId, userId));

describe(`exploring creators (${TEST_DRIVER})`, () => {
  it('lists active creators with their cards, never members, the viewer or users the viewer blocked', async () => {
    const word = uniqueWord('glow');
    const viewer = await signUp(server, word, { creator: true });
    const plain = await signUp(server, word, { creator: true });
    const famous = await signUp(server, word, { creator: true });
    const member = await signUp(server, word);
    const blocked = await signUp(server, word, { creator: true });
    const gone = await signUp(server, word, { creator: true });
    await gone.client.delete('/api/me');
    await follow(server, viewer.id, famous.id);
    await follow(server, member.id, famous.id);
    const avatar = await insertMediaRow(server, famous.id);
    await setProfile(famous.id, { bio: `  ${'Gold leaf and patience. '.repeat(20)}`, isVerified: true, avatarMediaId: avatar });
    await setProfile(plain.id, { bio: '   ' });
    expect((await viewer.client.request('PUT', `/api/users/${blocked.id}/block`)).status).toBe(200);

    const page = await creators(viewer.client, `q=${word}`);
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((item) => item.userId)).toEqual([famous.id, plain.id]);
    expect(page.items[0]).toEqual({
      userId: famous.id,
      handle: expect.stringMatching(new RegExp(`^${word}_`)),
      publicName: `${word} name`,
      avatarColor: expect.any(String),
      avatarUrl: expect.stringMatching(new RegExp(`^/api/users/${famous.id}/avatar\\?v=`)),
      isVerified: true,
      followers: 2,
      following: true,
      bio: 'Gold leaf and patience. '.repeat(20).slice(0, CREATOR_CARD_BIO_CHARS + 1),
    });
    expect(page.items[1]).toMatchObject({
      userId: plain.id,
      followers: 0,
      following: false,
      bio: null,
      avatarUrl: null,
      isVerified: false,
    });

    // Unblocking brings the creator back; the member sees the viewer, who is a creator too.
    await viewer.client.delete(`/api/users/${blocked.id}/block`);
    expect((await creators(viewer.client, `q=${word}`)).items.map((item) => item.userId)).toEqual([blocked.id, famous.id, plain.id]);
    expect((await creators(member.client, `q=${word}`)).items.map((item) => item.userId)).toEqual([
      blocked.id,
      famous.id,
      plain.id,
      viewer.id,
    ]);
    expect((await new ApiClient(server).get('/api/creators')).status).toBe(401);
  });

  it('searches handles and public names in any case, taking wildcards literally', async () => {
    const word = uniqueWord('srch');
    const viewer = await signUp(server, word);
    const underscored = await signUp(server, word, { creator: true });
    const lookalike = await signUp(server, word, { creator: true });
    const byHandle = await signUp(server, word, { creator: true });
    await setProfile(underscored.id, { publicName: `The ${word}_Hour 100%` });
    await setProfile(lookalike.id, { publicName: `The ${word}xHour 1000` });
    await setProfile(byHandle.id, { publicName: 'Someone', handle: `${word}.zz` });

    const search = async (q: string) => (await creators(viewer.client, `q=${encodeURIComponent(q)}`)).items.map((item) => item.userId);
    expect(await search(`${word.toUpperCase()}_HOUR`)).toEqual([underscored.id]);
    expect(await search(`${word}xhour`)).toEqual([lookalike.id]);
    expect(await search(`${word}_hour 100%`)).toEqual([underscored.id]);
    expect(await search(`@${word}.ZZ`)).toEqual([byHandle.id]);
    expect(await search(`${word}%`)).toEqual([]);
    expect((await search(word)).sort()).toEqual([underscored.id, lookalike.id, byHandle.id].sort());

    const tooLong = await viewer.client.get(`/api/creators?q=${'x'.repeat(61)}`);
    expect([tooLong.status, tooLong.body.type]).toEqual([400, 'validation_failed']);
  });

  it('sorts by newest creators or by followers, a page at a time without duplicates or gaps', async () => {
    const word = uniqueWord('sort');
    const viewer = await signUp(server, `${word}viewer`);
    const made: Awaited<ReturnType<typeof signUp>>[] = [];
    for (let index = 0; index < 5; index++) made.push(await signUp(server, word, { creator: true }));
    const fans = [await signUp(server, 'fan'), await signUp(server, 'fan'), await signUp(server, 'fan')];
    const followerCounts = [3, 1, 3, 0, 1];
    for (const [index, count] of followerCounts.entries()) {
      for (const fan of fans.slice(0, count)) await follow(server, fan.id, made[index]!.id);
    }
    // Finishing the creator sign-up counts as becoming a creator, later than the others' accounts.
    await server.context.database.db.insert(creatorOnboarding).values({ userId: made[1]!.id, completedAt: new Date(Date.now() + DAY_MS) });
    const ids = made.map((creator) => creator.id);

    const newest = await allPages(viewer.client, `q=${word}&sort=new`, 2);
    expect(newest.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(newest.flat()).toEqual([ids[1], ids[4], ids[3], ids[2], ids[0]]);
    expect(await allPages(viewer.client, `q=${word}`, 5)).toEqual([newest.flat()]);

    const byId = (a: number, b: number) => (ids[a]! < ids[b]! ? 1 : -1);
    const expected = [[0, 2].sort(byId), [1, 4].sort(byId), [3]].flat().map((index) => ids[index]);
    const popular = await allPages(viewer.client, `q=${word}&sort=popular`, 2);
    expect(popular.flat()).toEqual(expected);
    const first = await creators(viewer.client, `q=${word}&sort=popular&limit=1`);
    expect(first.items[0]).toMatchObject({ userId: expected[0], followers: 3 });

    // A cursor belongs to its sort.
    const newCursor = (await creators(viewer.client, `q=${word}&sort=new&limit=1`)).nextCursor;
    const mixed = await viewer.client.get(`/api/creators?q=${word}&sort=popular&cursor=${newCursor}`);
    expect([mixed.status, mixed.body.type]).toEqual([400, 'invalid_cursor']);
  });
});
