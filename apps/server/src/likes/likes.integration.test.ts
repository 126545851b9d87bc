import { DAY_MS } from '@aurum/core';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivePlan, follow, signUp, subscribe } from '../../test/content-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { posts, users } from '../db/schema.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const like = (client: ApiClient, postId: string) => client.request('PUT', `/api/posts/${postId}/like`);
const unlike = (client: ApiClient, postId: string) => client.delete(`/api/posts/${postId}/like`);

describe(`likes (${TEST_DRIVER})`, () => {
  it('likes and unlikes idempotently, counting each member once', async () => {
    const creator = await signUp(server, 'liked', { creator: true });
    const fan = await signUp(server, 'fan');
    const other = await signUp(server, 'otherfan');
    const post = (await creator.client.post('/api/posts', { text: 'like me', access: ['public'] })).body.id as string;
    expect((await fan.client.get(`/api/posts/${post}`)).body).toMatchObject({ likes: 0, liked: false });

    const first = await like(fan.client, post);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ liked: true, likes: 1 });
    expect((await like(fan.client, post)).body).toEqual({ liked: true, likes: 1 });
    expect((await like(other.client, post)).body).toEqual({ liked: true, likes: 2 });
    // The creator may like their own post too.
    expect((await like(creator.client, post)).body).toEqual({ liked: true, likes: 3 });

    expect((await unlike(fan.client, post)).body).toEqual({ liked: false, likes: 2 });
    expect((await unlike(fan.client, post)).body).toEqual({ liked: false, likes: 2 });
    expect((await unlike(creator.client, post)).body).toEqual({ liked: false, likes: 1 });
  });

  it('shows the count and each viewer’s own liked state in posts, pages and the profile grid', async () => {
    const creator = await signUp(server, 'counted', { creator: true });
    const fan = await signUp(server, 'counter');
    const bystander = await signUp(server, 'bystander');
    const liked = (await creator.client.post('/api/posts', { text: 'one', access: ['public'] })).body.id as string;
    const plain = (await creator.client.post('/api/posts', { text: 'two', access: ['public'] })).body.id as string;
    await like(fan.client, liked);
    await like(bystander.client, liked);
    await unlike(bystander.client, liked);
    await like(bystander.client, plain);

    expect((await fan.client.get(`/api/posts/${liked}`)).body).toMatchObject({ likes: 1, liked: true });
    expect((await bystander.client.get(`/api/posts/${liked}`)).body).toMatchObject({ likes: 1, liked: false });
    const grid = (await fan.client.get(`/api/users/${creator.id}/posts`)).body.items;
    expect(grid.map((post: any) => [post.id, post.likes, post.liked])).toEqual([
      [plain, 1, false],
      [liked, 1, true],
    ]);
    const own = (await creator.client.get('/api/posts')).body.items;
    expect(own.map((post: any) => [post.id, post.likes, post.liked])).toEqual([
      [plain, 1, false],
      [liked, 1, false],
    ]);
  });

  it('answers 404 for posts the viewer cannot see, and 401 to nobody', async () => {
    const creator = await signUp(server, 'private', { creator: true });
    const stranger = await signUp(server, 'snoop');
    const hidden = (await creator.client.post('/api/posts', { text: 'mine', access: ['private'] })).body.id as string;
    const scheduled = (
      await creator.client.post('/api/posts', {
        text: 'later',
        access: ['public'],
        publishAt: new Date(server.context.now().getTime() + DAY_MS).toISOString(),
      })
    ).body.id as string;
    const gone = (await creator.client.post('/api/posts', { text: 'gone', access: ['public'] })).body.id as string;
    await like(stranger.client, gone);
    await creator.client.delete(`/api/posts/${gone}`);

    for (const postId of [hidden, scheduled, gone, 'no-such-post']) {
      for (const response of [await like(stranger.client, postId), await unlike(stranger.client, postId)]) {
        expect([response.status, response.body.type], postId).toEqual([404, 'not_found']);
      }
    }
    expect((await like(creator.client, hidden)).body).toEqual({ liked: true, likes: 1 });
    expect((await like(new ApiClient(server), hidden)).status).toBe(401);
    expect((await like(stranger.client, 'not an id!')).status).toBe(400);
  });

  it('refuses likes on locked and sneak-peek posts until they are unlocked, and lets a lapsed member unlike', async () => {
    const creator = await signUp(server, 'locker', { creator: true });
    const member = await signUp(server, 'outsider');
    const plan = await createActivePlan(creator.client, 'Gold', 500);
    const sneak = (await creator.client.post('/api/posts', { text: 'peek', access: ['sneakpeek'] })).body.id as string;
    const planOnly = (await creator.client.post('/api/posts', { text: 'gold', access: [plan] })).body.id as string;
    const followers = (await creator.client.post('/api/posts', { text: 'friends', access: ['follower'] })).body.id as string;

    for (const postId of [sneak, planOnly, followers]) {
      const refused = await like(member.client, postId);
      expect([refused.status, refused.body.type], postId).toEqual([403, 'post_locked']);
      // Unliking a post one can see is always allowed (a no-op here).
      expect((await unlike(member.client, postId)).body).toEqual({ liked: false, likes: 0 });
    }
    expect((await member.client.get(`/api/posts/${planOnly}`)).body).toMatchObject({ locked: true, likes: 0, liked: false });

    await follow(server, member.id, creator.id);
    expect((await like(member.client, followers)).body).toEqual({ liked: true, likes: 1 });

    await subscribe(server, member.id, plan, new Date(server.context.now().getTime() + DAY_MS));
    expect((await like(member.client, planOnly)).body).toEqual({ liked: true, likes: 1 });
    expect((await like(member.client, sneak)).body).toEqual({ liked: true, likes: 1 });

    server.advanceClock(2 * DAY_MS);
    expect((await like(member.client, planOnly)).body.type).toBe('post_locked');
    expect((await member.client.get(`/api/posts/${planOnly}`)).body).toMatchObject({ locked: true, likes: 1, liked: true });
    expect((await unlike(member.client, planOnly)).body).toEqual({ liked: false, likes: 0 });
  });

  it('keeps each post’s like count equal to its likes, also when an account and its likes are deleted', async () => {
    const { db } = server.context.database;
    const creator = await signUp(server, 'keptlikes', { creator: true });
    const fans = [await signUp(server, 'keptliker1'), await signUp(server, 'keptliker2')];
    const postIds: string[] = [];
    for (const text of ['first', 'second']) postIds.push((await creator.client.post('/api/posts', { text, access: ['public'] })).body.id);
    const counts = async () => {
      const rows = await db
        .select({ kept: posts.likeCount, live: sql<number>`(select count(*)::int from likes l where l.post_id = posts.id)` })
        .from(posts)
        .where(inArray(posts.id, postIds))
        .orderBy(posts.text);
      for (const row of rows) expect(row.kept).toBe(row.live);
      return rows.map((row) => row.kept);
    };

    for (const fan of fans) for (const postId of postIds) await like(fan.client, postId);
    await like(fans[0]!.client, postIds[0]!);
    expect(await counts()).toEqual([2, 2]);
    await unlike(fans[1]!.client, postIds[1]!);
    expect(await counts()).toEqual([2, 1]);
    await db.delete(users).where(eq(users.id, fans[0]!.id));
    expect(await counts()).toEqual([1, 0]);
    expect((await fans[1]!.client.get(`/api/posts/${postIds[0]}`)).body).toMatchObject({ likes: 1, liked: true });
  });
});
